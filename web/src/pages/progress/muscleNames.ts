// The catalog's muscle names (Query.muscleList) and groups as the lifter's language writes them;
// a custom exercise's own muscle name is the lifter's text and shows as written.
import type { TFunction } from "i18next";

/** `front delts` -> `Frontdelta` in German; a name the catalog does not have, as it is. */
export function muscleName(t: TFunction<"progress">, name: string): string {
  switch (name) {
    case "chest":
      return t("muscles.chest");
    case "upper chest":
      return t("muscles.upperChest");
    case "lower chest":
      return t("muscles.lowerChest");
    case "shoulders":
      return t("muscles.shoulders");
    case "front delts":
      return t("muscles.frontDelts");
    case "side delts":
      return t("muscles.sideDelts");
    case "rear delts":
      return t("muscles.rearDelts");
    case "rotator cuff":
      return t("muscles.rotatorCuff");
    case "biceps":
      return t("muscles.biceps");
    case "brachialis":
      return t("muscles.brachialis");
    case "triceps":
      return t("muscles.triceps");
    case "forearms":
      return t("muscles.forearms");
    case "lats":
      return t("muscles.lats");
    case "upper back":
      return t("muscles.upperBack");
    case "traps":
      return t("muscles.traps");
    case "lower traps":
      return t("muscles.lowerTraps");
    case "lower back":
      return t("muscles.lowerBack");
    case "neck":
      return t("muscles.neck");
    case "abs":
      return t("muscles.abs");
    case "obliques":
      return t("muscles.obliques");
    case "hip flexors":
      return t("muscles.hipFlexors");
    case "glutes":
      return t("muscles.glutes");
    case "quads":
      return t("muscles.quads");
    case "hamstrings":
      return t("muscles.hamstrings");
    case "adductors":
      return t("muscles.adductors");
    case "abductors":
      return t("muscles.abductors");
    case "calves":
      return t("muscles.calves");
    case "tibialis":
      return t("muscles.tibialis");
    case "cardiovascular":
      return t("muscles.cardiovascular");
    case "cardio":
      return t("muscles.cardio");
    default:
      return name;
  }
}

/** A body region of the catalog (`upper`, `full body`), capitalised: `Upper`, `Full body`, `Other`. */
export function regionName(t: TFunction<"progress">, region: string): string {
  switch (region) {
    case "upper":
      return t("regions.upper");
    case "lower":
      return t("regions.lower");
    case "core":
      return t("regions.core");
    case "full body":
      return t("regions.fullBody");
    case "cardio":
      return t("regions.cardio");
    case "other":
      return t("regions.other");
    default:
      return region.charAt(0).toUpperCase() + region.slice(1);
  }
}
