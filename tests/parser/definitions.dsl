-- Definitions with type parameters 'a '^a '~a, operators defined prefix (+++)
-- or infix (a <+> b), and constants.
-- ==
-- input { 2i32 } output { 204i32 }

def id 'a (x: a) : a = x
def const '^a 'b (x: a) (_: b) : a = x
def sized '~a (x: a) : a = x
def (+++) (a: i32) (b: i32) : i32 = a * 100 + b
def (a: i32) <+> (b: i32) : i32 = a - b
def five = 5

entry main (y: i32) : i32 =
  id y +++ const (sized five) true <+> 1
