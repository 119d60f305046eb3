// The app's name: the window title's suffix, the header's brand and the installed app's name.
export const APP_NAME = "Training Log";
