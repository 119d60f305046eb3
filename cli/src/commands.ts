// Every `svc` command, by id (oclif's explicit command strategy: no folder scan at start-up).
// Command modules are small; the SDK and documents module load only when a command needs them.
import Login from "./commands/login.ts";
import Logout from "./commands/logout.ts";
import Signup from "./commands/signup.ts";
import Whoami from "./commands/whoami.ts";
import Settings from "./commands/settings.ts";
import Exercises from "./commands/exercises.ts";
import RoutineList from "./commands/routine/list.ts";
import RoutineShow from "./commands/routine/show.ts";
import RoutineApply from "./commands/routine/apply.ts";
import RoutineDelete from "./commands/routine/delete.ts";
import RoutineSchema from "./commands/routine/schema.ts";
import WorkoutList from "./commands/workout/list.ts";
import WorkoutShow from "./commands/workout/show.ts";
import WorkoutApply from "./commands/workout/apply.ts";
import WorkoutDelete from "./commands/workout/delete.ts";
import WorkoutSchema from "./commands/workout/schema.ts";
import BodyweightLog from "./commands/bodyweight/log.ts";
import BodyweightList from "./commands/bodyweight/list.ts";
import KeysList from "./commands/keys/list.ts";
import KeysCreate from "./commands/keys/create.ts";
import KeysRevoke from "./commands/keys/revoke.ts";
import DevicesList from "./commands/devices/list.ts";
import DevicesSignOut from "./commands/devices/sign-out.ts";
import AdminBan from "./commands/admin/ban.ts";
import AdminUnban from "./commands/admin/unban.ts";

export const COMMANDS = {
  login: Login,
  logout: Logout,
  signup: Signup,
  whoami: Whoami,
  settings: Settings,
  exercises: Exercises,
  "routine:list": RoutineList,
  "routine:show": RoutineShow,
  "routine:apply": RoutineApply,
  "routine:delete": RoutineDelete,
  "routine:schema": RoutineSchema,
  "workout:list": WorkoutList,
  "workout:show": WorkoutShow,
  "workout:apply": WorkoutApply,
  "workout:delete": WorkoutDelete,
  "workout:schema": WorkoutSchema,
  "bodyweight:log": BodyweightLog,
  "bodyweight:list": BodyweightList,
  "keys:list": KeysList,
  "keys:create": KeysCreate,
  "keys:revoke": KeysRevoke,
  "devices:list": DevicesList,
  "devices:sign-out": DevicesSignOut,
  "admin:ban": AdminBan,
  "admin:unban": AdminUnban,
};
