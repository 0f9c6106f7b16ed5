-- A record type that declares a field twice.
-- ==
-- error: field 'a' is given twice

def f (r: {a: i32, a: f32}) : i32 = r.a

entry main (x: i32) : i32 = x
