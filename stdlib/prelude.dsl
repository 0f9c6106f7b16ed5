-- | The prelude: functions every program can use without importing anything.
--
-- The second-order array combinators (map, reduce, scan, scatter, hist, filter),
-- iota, replicate, zip/unzip, transpose, flatten/unflatten, concat, length and copy
-- are built into the compiler; everything here is written in Prism on top of them,
-- with Futhark's names and meanings. Work and span are given where they matter, as
-- in Futhark's documentation: W for the total work, S for the longest chain of
-- dependent steps.

-- | Apply a function to the elements of two arrays of the same size.
-- W(n), S(1).
def map2 'a 'b [n] 'x (f: a -> b -> x) (as: [n]a) (bs: [n]b) : *[n]x =
  map (\(a, b) -> f a b) (zip as bs)

-- | Apply a function to the elements of three arrays of the same size.
def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) : *[n]x =
  map (\(a, b, c) -> f a b c) (zip3 as bs cs)

-- | Apply a function to the elements of four arrays of the same size.
def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x) (as: [n]a) (bs: [n]b) (cs: [n]c)
         (ds: [n]d) : *[n]x =
  map (\(a, b, c, d) -> f a b c d) (zip4 as bs cs ds)

-- | Apply a function to the elements of five arrays of the same size.
def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x) (as: [n]a) (bs: [n]b)
         (cs: [n]c) (ds: [n]d) (es: [n]e) : *[n]x =
  map (\(a, b, c, d, e) -> f a b c d e) (zip5 as bs cs ds es)

-- | `tabulate n f` is `[f 0, f 1, ..., f (n-1)]`.
def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a =
  map f (iota n)

-- | A two-dimensional array whose element (i, j) is `f i j`.
def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  map (\i -> map (f i) (iota m)) (iota n)

-- | A three-dimensional array whose element (i, j, k) is `f i j k`.
def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][o]a =
  map (\i -> map (\j -> map (f i j) (iota o)) (iota m)) (iota n)

-- | The first element of an array. Fails at run time on an empty array.
def head 't [n] (x: [n]t) : t = x[0]

-- | The last element of an array. Fails at run time on an empty array.
def last 't [n] (x: [n]t) : t = x[n - 1]

-- | Everything but the first element.
def tail 't [n] (x: [n]t) : [n - 1]t = x[1:]

-- | Everything but the last element.
def init 't [n] (x: [n]t) : [n - 1]t = x[0:n - 1]

-- | The first `i` elements.
def take 't [n] (i: i64) (x: [n]t) : [i]t = x[:i]

-- | Everything but the first `i` elements.
def drop 't [n] (i: i64) (x: [n]t) : [n - i]t = x[i:]

-- | `split i xs` is `(take i xs, drop i xs)`.
def split 't [n] (i: i64) (xs: [n]t) : ([i]t, [n - i]t) = (xs[:i], xs[i:])

-- | The elements in the opposite order.
def reverse 't [n] (x: [n]t) : [n]t = x[::-1] :> [n]t

-- | Rotate an array: element `i` of the result is element `(i + r) % n` of the input.
def rotate 't [n] (r: i64) (xs: [n]t) : [n]t =
  if n == 0 then xs else map (\i -> xs[(i + r) % n]) (iota n)

-- | The same array with the size the caller states; checked at run time.
def sized 't [m] (n: i64) (xs: [m]t) : [n]t = xs :> [n]t

-- | Are all elements true? W(n), S(log n).
def and [n] (xs: [n]bool) : bool = reduce (&&) true xs

-- | Is any element true? W(n), S(log n).
def or [n] (xs: [n]bool) : bool = reduce (||) false xs

-- | Does the predicate hold for every element?
def all 'a [n] (f: a -> bool) (as: [n]a) : bool = and (map f as)

-- | Does the predicate hold for some element?
def any 'a [n] (f: a -> bool) (as: [n]a) : bool = or (map f as)

-- | Left fold, sequentially: `foldl f acc [a, b]` is `f (f acc a) b`. W(n), S(n).
def foldl 'a 'b [n] (f: a -> b -> a) (acc: a) (bs: [n]b) : a =
  loop acc for b in bs do f acc b

-- | Right fold, sequentially: `foldr f acc [a, b]` is `f a (f b acc)`. W(n), S(n).
def foldr 'a 'b [n] (f: b -> a -> a) (acc: a) (bs: [n]b) : a =
  loop acc for b in reverse bs do f b acc

-- | The identity function.
def id 'a (x: a) : a = x

-- | A function that always returns its first argument.
def const 'a 'b (x: a) (_: b) : a = x

-- | Swap the arguments of a function.
def flip 'a 'b 'c (f: a -> b -> c) (b: b) (a: a) : c = f a b

-- | Turn a function on pairs into a function of two arguments.
def curry 'a 'b 'c (f: (a, b) -> c) (a: a) (b: b) : c = f (a, b)

-- | Turn a function of two arguments into a function on pairs.
def uncurry 'a 'b 'c (f: a -> b -> c) ((a, b): (a, b)) : c = f a b

-- | Function composition, left to right: `(f >-> g) x` is `g (f x)`. It binds as `>`
-- does (its leading character), as in Futhark.
def (>->) '^a '^b '^c (f: a -> b) (g: b -> c) (x: a) : c = g (f x)

-- | Function composition, right to left: `(g <-< f) x` is `g (f x)`.
def (<-<) '^a '^b '^c (g: b -> c) (f: a -> b) (x: a) : c = g (f x)

-- | Numbers: arithmetic, comparisons and conversions. The modules `i8`, `i16`, `i32`,
-- `i64`, `u8`, `u16`, `u32`, `u64`, `f32` and `f64` implement it, so a functor
-- `module F (N: numeric)` can be applied to any of them.
module type numeric = {
  -- | The type of the numbers.
  type t
  val + : t -> t -> t
  val - : t -> t -> t
  val * : t -> t -> t
  -- | Division: rounding toward negative infinity on integers.
  val / : t -> t -> t
  -- | The remainder of `/`.
  val % : t -> t -> t
  val ** : t -> t -> t
  val == : t -> t -> bool
  val != : t -> t -> bool
  val < : t -> t -> bool
  val <= : t -> t -> bool
  val > : t -> t -> bool
  val >= : t -> t -> bool
  val neg : t -> t
  val abs : t -> t
  -- | The sign: -1, 0 or 1.
  val sgn : t -> t
  val min : t -> t -> t
  val max : t -> t -> t
  -- | Conversions to `t`.
  val i32 : i32 -> t
  val i64 : i64 -> t
  val f64 : f64 -> t
  -- | Conversions from `t`.
  val to_i32 : t -> i32
  val to_i64 : t -> i64
  val to_f64 : t -> f64
  -- | The greatest and least values (infinities for floats).
  val highest : t
  val lowest : t
  -- | Reductions of arrays. W(n), S(log n).
  val sum [n] : [n]t -> t
  val product [n] : [n]t -> t
  val maximum [n] : [n]t -> t
  val minimum [n] : [n]t -> t
}

-- | Integers: `numeric` with the operations on bits.
module type integral = {
  include numeric
  -- | Division rounding toward zero, and its remainder.
  val // : t -> t -> t
  val %% : t -> t -> t
  val & : t -> t -> t
  val | : t -> t -> t
  val ^ : t -> t -> t
  val << : t -> t -> t
  val >> : t -> t -> t
  -- | The number of bits set, and of leading and trailing zero bits.
  val popc : t -> i32
  val clz : t -> i32
  val ctz : t -> i32
}

-- | Real numbers: `numeric` with the elementary functions and constants.
module type real = {
  include numeric
  val f32 : f32 -> t
  val sqrt : t -> t
  val exp : t -> t
  val log : t -> t
  val log2 : t -> t
  val log10 : t -> t
  val sin : t -> t
  val cos : t -> t
  val tan : t -> t
  val asin : t -> t
  val acos : t -> t
  val atan : t -> t
  val atan2 : t -> t -> t
  val hypot : t -> t -> t
  val sinh : t -> t
  val cosh : t -> t
  val tanh : t -> t
  val floor : t -> t
  val ceil : t -> t
  -- | Rounding to the nearest integer, ties to even.
  val round : t -> t
  val trunc : t -> t
  val pow : t -> t -> t
  val isnan : t -> bool
  val isinf : t -> bool
  val pi : t
  val e : t
  val inf : t
  val nan : t
}

-- | Floating-point numbers: `real` with access to the bits.
module type float = {
  include real
  -- | The unsigned integer type of the same width.
  type int_t
  val to_bits : t -> int_t
  val from_bits : int_t -> t
}
