// /workouts/new: log a workout in the form and document editor (see WorkoutEdit.tsx).
export { NewWorkout as default } from "./WorkoutEdit.tsx";
