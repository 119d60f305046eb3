// /routines/new: a new routine in the form and document editor (see RoutineEdit.tsx).
export { NewRoutine as default } from "./RoutineEdit.tsx";
