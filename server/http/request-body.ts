// The one way a REST route reads its JSON body: a small spec per field; the first problem is a 400
// BAD_REQUEST naming the field (server/http/http-error.ts).
import type { Request } from "express";
import { badRequest } from "./http-error.ts";

export type StringField = {
  type: "string";
  /** Fewest characters (code points); 1 says "must not be empty". */
  min?: number;
  max?: number;
  /** Most UTF-8 bytes (bcrypt reads 72). */
  maxBytes?: number;
  optional?: boolean;
};

export type NumberField = {
  type: "number";
  /** What the number counts, for the messages ("seconds"). */
  unit?: string;
  /** Above 0. */
  positive?: boolean;
  max?: number;
  /** Said after "must be at most <max> <unit>" (how to go beyond it). */
  maxNote?: string;
  optional?: boolean;
};

export type FieldSpec = StringField | NumberField;

type FieldValue<F extends FieldSpec> =
  (F extends StringField ? string : number) | (F["optional"] extends true ? null : never);

/** The body's fields as the spec types them: a missing optional field is null. */
export type BodyOf<T extends Record<string, FieldSpec>> = { [K in keyof T]: FieldValue<T[K]> };

function readString(name: string, value: unknown, field: StringField): string {
  if (typeof value !== "string") throw badRequest(`${name} must be a string`);
  // PostgreSQL text cannot hold U+0000.
  if (value.includes("\u0000")) throw badRequest(`${name} must not contain the character U+0000`);
  const length = [...value].length;
  if (field.min !== undefined && length < field.min) {
    throw badRequest(
      field.min === 1 ? `${name} must not be empty` : `${name} must be at least ${field.min} characters`,
    );
  }
  if (field.max !== undefined && length > field.max)
    throw badRequest(`${name} must be at most ${field.max} characters`);
  if (field.maxBytes !== undefined && Buffer.byteLength(value, "utf8") > field.maxBytes) {
    throw badRequest(`${name} must be at most ${field.maxBytes} bytes (UTF-8)`);
  }
  return value;
}

function readNumber(name: string, value: unknown, field: NumberField): number {
  const unit = field.unit ? ` ${field.unit}` : "";
  if (typeof value !== "number" || !Number.isFinite(value))
    throw badRequest(`${name} must be a number${field.unit ? ` of${unit}` : ""}`);
  if (field.positive && value <= 0)
    throw badRequest(`${name} must be a positive number${field.unit ? ` of${unit}` : ""}`);
  if (field.max !== undefined && value > field.max) {
    throw badRequest(`${name} must be at most ${field.max}${unit}${field.maxNote ? ` ${field.maxNote}` : ""}`);
  }
  return value;
}

/** Checks the JSON body against `spec`, field by field in the spec's order. */
export function readBody<T extends Record<string, FieldSpec>>(req: Request, spec: T): BodyOf<T> {
  const body = req.body as unknown;
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("The request body must be a JSON object");
  }
  const out: Record<string, string | number | null> = {};
  for (const [name, field] of Object.entries(spec)) {
    const value = (body as Record<string, unknown>)[name];
    if (value === undefined || value === null) {
      if (!field.optional) throw badRequest(`${name} is required`);
      out[name] = null;
    } else {
      out[name] = field.type === "string" ? readString(name, value, field) : readNumber(name, value, field);
    }
  }
  return out as BodyOf<T>;
}
