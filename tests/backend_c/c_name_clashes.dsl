-- Names that are C keywords, C library or runtime names (int, static, float, double,
-- printf, ctx, out0, t_1, errno, NULL, main, rts_error, goto, INT32_MIN, sizeof) and
-- names with primes do not clash in the generated C, as variables, functions and an
-- entry point.
-- ==
-- input { 1i32 100i64 } output { 119i32 5i32 6i32 }
-- entry: double
-- input { 1.5f64 } output { 3f64 }
def int (x: i32) : i32 = x + 1
def static (float: i32) (double: i32) : i32 = float * double
def printf (ctx: i32) : i32 = ctx - 1
entry main (char: i32) (void: i64) =
  let return = int char
  let whiles = static return 3
  let x' = printf whiles
  let x'' = x' + 1
  let _tmp = x'' * 2
  let out0 = _tmp + 1
  let t_1 = out0 + 1
  let errno = t_1 + 1
  let NULL = errno + 1
  let main = NULL + 1
  let ctx = main + i32.i64 void
  let rts_error = ctx + 1
  let goto = rts_error + 1
  let INT32_MIN = goto
  in (INT32_MIN, x', x'')
entry double (sizeof: f64) : f64 = sizeof * 2
