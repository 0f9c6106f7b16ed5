-- Record types are equal regardless of the order their fields are written in.
-- ==
-- input { 1i32 } output { 1i32 2.0f32 }

def get (r: {a: i32, b: f32}) : (i32, f32) = (r.a, r.b)

entry main (x: i32) : (i32, f32) = get {b = 2.0, a = x}
