/**
 * A list of every member of a union, checked by the compiler both ways: `every<Union>()([...])`
 * refuses a value outside the union and a union member left out. For choices the generated API
 * types define (an enum in /api/swagger.json) but a select needs at run time.
 */
export const every =
  <Union extends string>() =>
  <const List extends readonly Union[]>(
    list: List & ([Exclude<Union, List[number]>] extends [never] ? unknown : never),
  ): List =>
    list;
