import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords";
import { findPasswordProblem, isCommonPassword, newPasswordSchema, PASSWORD_PROBLEMS } from "./password";

describe("the password rule", () => {
  it("ships the 10,000 most common passwords, lower case and distinct", () => {
    const list = COMMON_PASSWORDS_TEXT.split("\n");
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((entry) => entry === entry.toLowerCase() && entry !== "")).toBe(true);
    expect(list.slice(0, 3)).toEqual(["password", "123456", "12345678"]);
  });

  it.each([
    ["12345678", "tooCommon"],
    ["password", "tooCommon"],
    ["PassWord", "tooCommon"],
    ["  PASSWORD  ", "tooCommon"],
    ["iloveyou!", "tooCommon"],
    ["        ", "blank"],
    ["\t\t\t\t\t\t\t\t", "blank"],
    ["short", "tooShort"],
    ["x".repeat(129), "tooLong"],
  ] as const)("refuses %j (%s)", (password, problem) => {
    expect(findPasswordProblem(password)).toBe(problem);
  });

  it.each(["correct-horse-9", "Tr0ub4dor&3-staple", "a-brand-new-pass-7", "x".repeat(128)])(
    "accepts %j",
    (password) => {
      expect(findPasswordProblem(password)).toBeNull();
    },
  );

  it("knows short common passwords too, so trimming cannot sneak one past the list", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("Dragon")).toBe(true);
    expect(isCommonPassword("dragon-fruit-salad-77")).toBe(false);
  });

  it("gives the person the rule's message through the schema", () => {
    const result = newPasswordSchema.safeParse("Password");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_PROBLEMS.tooCommon.message);
    expect(newPasswordSchema.safeParse("correct-horse-9").success).toBe(true);
  });
});
