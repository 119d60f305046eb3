// Finding the value a problem's path names in the JSON text of the document editor.
import { locate, pathKeys } from "../src/components/jsonLocate.ts";

const at = (text: string, path: string) => {
  const span = locate(text, path);
  return span && text.slice(span.start, span.end);
};

test("paths as the SDK and the server write them", () => {
  expect(pathKeys("exercises[2].reps")).toEqual(["exercises", 2, "reps"]);
  expect(pathKeys("exercises[0].sets[1]")).toEqual(["exercises", 0, "sets", 1]);
  expect(pathKeys("name")).toEqual(["name"]);
  expect(pathKeys("document")).toEqual([]);
  expect(pathKeys("exercises[x]")).toBeNull();
});

test("the value at a path, in pretty and in minified text, past strings with escapes", () => {
  const doc = {
    name: 'say "hi" [x], {y}',
    exercises: [
      { exercise: "Bench Press", sets: 3, reps: "12-8" },
      { exercise: "Row", sets: [1, { set: "5x5" }] },
    ],
  };
  for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2)]) {
    expect(at(text, "exercises[0].reps")).toBe('"12-8"');
    expect(at(text, "exercises[1].sets[1].set")).toBe('"5x5"');
    expect(at(text, "exercises[1].sets[0]")).toBe("1");
    expect(at(text, "exercises[0]")).toBe(
      JSON.stringify(doc.exercises[0], null, text.includes("\n") ? 2 : undefined).replace(/\n/g, "\n    "),
    );
    expect(at(text, "name")).toBe(JSON.stringify(doc.name));
    expect(at(text, "document")).toBe(text);
  }
});

test("nothing for a path the text lacks or text that does not parse", () => {
  const text = JSON.stringify({ exercises: [{ sets: 3 }] });
  expect(locate(text, "exercises[1].sets")).toBeNull();
  expect(locate(text, "exercises[0].reps")).toBeNull();
  expect(locate(text, "exercises.sets")).toBeNull();
  expect(locate(text.slice(0, -1), "exercises[0].sets")).toBeNull();
});
