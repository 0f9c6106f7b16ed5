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

-- | Splits an array of size `n + m` into its first `n` and its last `m` elements, as in
-- Futhark: the sizes come from the argument's type, so a split at `i` is written
-- `split (xs :> [i + (k - i)]t)`; an `i` outside `0 .. k` fails at run time.
def split [n] [m] 't (xs: [n + m]t) : ([n]t, [m]t) = (xs[:n], xs[n:] :> [m]t)

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

-- | `map f as`, under the name that goes with `map2` ... `map5`.
def map1 'a [n] 'x (f: a -> x) (as: [n]a) : *[n]x = map f as

-- | `zip`, under the name that goes with `zip3` ... `zip5`.
def zip2 'a 'b [n] (as: [n]a) (bs: [n]b) : *[n](a, b) = zip as bs

-- | `unzip`, under the name that goes with `unzip3` ... `unzip5`.
def unzip2 'a 'b [n] (xs: [n](a, b)) : ([n]a, [n]b) = unzip xs

-- | Is the array empty?
def null 't [n] (_: [n]t) : bool = n == 0

-- | The valid indices of an array: `iota n` for an array of size n.
def indices 't [n] (_: [n]t) : *[n]i64 = iota n

-- | A copy of a value that aliases nothing and is laid out in row-major order; Prism
-- always lays arrays out so, so this is `copy`. W(n), S(1).
def manifest 't (a: t) : *t = copy a

-- | The identity. In Futhark it hides its argument from the optimiser; Prism's
-- optimisations do not change results, so it is the plain identity here.
def opaque 't (x: t) : t = x

-- | The identity. In Futhark's interpreter it prints its argument; not in Prism.
def trace 't (x: t) : t = x

-- | The identity. A break point in Futhark's interpreter; not in Prism.
def break 't (x: t) : t = x

-- | Boolean negation as a function, for passing to `map`: `not x` is `!x`.
def not (x: bool) : bool = !x

-- | `f32.i32`, `i32.f32`, `f64.i32` and `i32.f64` under Futhark's short names.
def r32 (x: i32) : f32 = f32.i32 x
def t32 (x: f32) : i32 = i32.f32 x
def r64 (x: i32) : f64 = f64.i32 x
def t64 (x: f64) : i32 = i32.f64 x

-- | Concatenation with the result size stated; checked at run time.
def concat_to 't [n] [m] (k: i64) (xs: [n]t) (ys: [m]t) : *[k]t = xs ++ ys :> [k]t

-- | `flatten` with the result size stated; checked at run time.
def flatten_to 't [n] [m] (l: i64) (xs: [n][m]t) : [l]t = flatten xs :> [l]t

-- | Combine the outer three dimensions of an array into one.
def flatten_3d 't [n] [m] [l] (xs: [n][m][l]t) : [n * m * l]t = flatten (flatten xs)

-- | Combine the outer four dimensions of an array into one.
def flatten_4d 't [n] [m] [l] [k] (xs: [n][m][l][k]t) : [n * m * l * k]t =
  flatten (flatten_3d xs)

-- | Split the outer dimension of an array in three.
def unflatten_3d 't [n] [m] [l] (xs: [n * m * l]t) : [n][m][l]t = unflatten (unflatten xs)

-- | Split the outer dimension of an array in four.
def unflatten_4d 't [n] [m] [l] [k] (xs: [n * m * l * k]t) : [n][m][l][k]t =
  unflatten (unflatten_3d xs)

-- | Apply `f` to `x` `n` times (no times when `n <= 0`). W(n), S(n).
def iterate 'a (n: i32) (f: a -> a) (x: a) : a =
  loop x for _i < n do f x

-- | Apply `f` until `p` holds of the value (perhaps no times, perhaps forever).
def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop x while !(p x) do f x

-- | Apply `f` as long as `p` holds of the value (perhaps no times, perhaps forever).
def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop x while p x do f x

-- | Exclusive prefix scan: element `i` combines the elements before `i`, so the first
-- is `ne` and the last leaves out the last element. `op` must be associative with
-- neutral element `ne`, as for `scan`. W(n), S(log n).
def exscan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : *[n]a =
  let s = scan op ne as
  in map (\i -> if i == 0 then ne else s[i - 1]) (iota n)

-- | Split an array in three, keeping the order: the elements that satisfy `p1`, those
-- that satisfy `p2` but not `p1`, and the rest. W(n), S(log n).
def partition2 'a [n] (p1: a -> bool) (p2: a -> bool) (as: [n]a) : ([]a, []a, []a) =
  let (xs, rest) = partition p1 as
  let (ys, zs) = partition p2 rest
  in (xs, ys, zs)

-- | `spread k x is vs` is an array of size `k` filled with `x` but where `scatter`
-- would write `vs` at `is` (out-of-bounds indices are ignored). W(k + n), S(1).
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t =
  scatter (replicate k x) is vs

-- | The row-major index of (i, j) in a k by m array, or -1 when it is out of bounds.
local def index_2d (k: i64) (m: i64) ((i, j): (i64, i64)) : i64 =
  if i >= 0 && i < k && j >= 0 && j < m then i * m + j else -1

-- | The row-major index of (i, j, l) in a k by m by o array, or -1 when out of bounds.
local def index_3d (k: i64) (m: i64) (o: i64) ((i, j, l): (i64, i64, i64)) : i64 =
  if i >= 0 && i < k && j >= 0 && j < m && l >= 0 && l < o then (i * m + j) * o + l
  else -1

-- | `scatter` into a three-dimensional array: `vs[q]` is written at `is[q]`;
-- out-of-bounds indices are ignored. W(n), S(1).
def scatter_3d 't [k] [m] [o] [n] (dest: *[k][m][o]t) (is: [n](i64, i64, i64))
                (vs: [n]t) : *[k][m][o]t =
  unflatten_3d (scatter (flatten_3d dest) (map (index_3d k m o) is) vs)

-- | `reduce_by_index` into a two-dimensional array, with indices (row, column);
-- out-of-bounds indices are ignored. W(n), S(n) at worst.
def reduce_by_index_2d 'a [k] [m] [n] (dest: *[k][m]a) (f: a -> a -> a) (ne: a)
                       (is: [n](i64, i64)) (as: [n]a) : *[k][m]a =
  unflatten (reduce_by_index (flatten dest) f ne (map (index_2d k m) is) as)

-- | `reduce_by_index` into a three-dimensional array.
def reduce_by_index_3d 'a [k] [m] [o] [n] (dest: *[k][m][o]a) (f: a -> a -> a) (ne: a)
                       (is: [n](i64, i64, i64)) (as: [n]a) : *[k][m][o]a =
  unflatten_3d (reduce_by_index (flatten_3d dest) f ne (map (index_3d k m o) is) as)

-- | A two-dimensional histogram: `hist` with (row, column) buckets of a k by m array.
def hist_2d 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (m: i64) (is: [n](i64, i64))
            (as: [n]a) : *[k][m]a =
  reduce_by_index_2d (replicate k (replicate m ne)) op ne is as

-- | A three-dimensional histogram.
def hist_3d 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (m: i64) (o: i64)
            (is: [n](i64, i64, i64)) (as: [n]a) : *[k][m][o]a =
  reduce_by_index_3d (replicate k (replicate m (replicate o ne))) op ne is as

-- | Reduce an array by chunks: `f` reduces a chunk sequentially and `op` (associative)
-- combines the chunks' results. How the array is split is unspecified; Prism takes
-- the whole array as one chunk, so this is `f n as`.
def reduce_stream 'a 'b [n] (op: b -> b -> b) (f: (k: i64) -> [k]a -> b) (as: [n]a) : b =
  let _ = op in f n as

-- | `reduce_stream` where chunks need not be contiguous.
def reduce_stream_per 'a 'b [n] (op: b -> b -> b) (f: (k: i64) -> [k]a -> b)
                      (as: [n]a) : b =
  let _ = op in f n as

-- | Map chunks of an array to chunks of the result, of the same size each; one
-- chunk in Prism.
def map_stream 'a 'b [n] (f: (k: i64) -> [k]a -> [k]b) (as: [n]a) : *[n]b =
  copy (f n as)

-- | `map_stream` where chunks need not be contiguous.
def map_stream_per 'a 'b [n] (f: (k: i64) -> [k]a -> [k]b) (as: [n]a) : *[n]b =
  copy (f n as)

-- | Numbers: arithmetic, comparisons and conversions. The modules `i8`, `i16`, `i32`,
-- `i64`, `u8`, `u16`, `u32`, `u64`, `f16`, `f32` and `f64` implement it, so a functor
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
  -- | Conversions to `t` from every primitive type (Futhark's `from_prim`): integers
  -- wrap, floats truncate toward zero and saturate (NaN gives 0), `true` is 1.
  val i8 : i8 -> t
  val i16 : i16 -> t
  val i32 : i32 -> t
  val i64 : i64 -> t
  val u8 : u8 -> t
  val u16 : u16 -> t
  val u32 : u32 -> t
  val u64 : u64 -> t
  val f16 : f16 -> t
  val f32 : f32 -> t
  val f64 : f64 -> t
  val bool : bool -> t
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
  -- | Bitwise negation (also `!`).
  val not : t -> t
  -- | Logical right shift: zeros come in from the left, also on signed types.
  val >>> : t -> t -> t
  -- | The number of bits set, and of leading and trailing zero bits (`num_bits` for 0).
  val popc : t -> i32
  val clz : t -> i32
  val ctz : t -> i32
  -- | The width in bits.
  val num_bits : i32
  -- | `get_bit i x` is bit `i` of `x` (0 the least significant), as 0 or 1.
  val get_bit : i32 -> t -> i32
  -- | `set_bit i x b` is `x` with bit `i` set to `b` (0 or 1).
  val set_bit : i32 -> t -> i32 -> t
  -- | The high half of the double-width product (signed on signed types).
  val mul_hi : t -> t -> t
  -- | `mul_hi a b + c`.
  val mad_hi : t -> t -> t -> t
}

-- | Real numbers: `numeric` with the elementary functions and constants.
module type real = {
  include numeric
  -- | The multiplicative inverse, `1 / x`.
  val recip : t -> t
  -- | `from_fraction x y` is `t(x) / t(y)`.
  val from_fraction : i64 -> i64 -> t
  val sqrt : t -> t
  -- | `1 / sqrt x` (computed so, the same on every backend).
  val rsqrt : t -> t
  val cbrt : t -> t
  -- | `log (1 + x)`, accurate for small `x`.
  val log1p : t -> t
  val asinh : t -> t
  val acosh : t -> t
  val atanh : t -> t
  -- | The gamma function, the natural logarithm of its absolute value, the error
  -- function and the complementary error function.
  val gamma : t -> t
  val lgamma : t -> t
  val erf : t -> t
  val erfc : t -> t
  -- | `lerp v0 v1 t` is `v0 + (v1 - v0) * t`, for `t` in [0, 1].
  val lerp : t -> t -> t -> t
  -- | `mad a b c` is `a * b + c`, rounded after each operation.
  val mad : t -> t -> t -> t
  -- | `fma a b c` is `a * b + c`, rounded once (IEEE 754's fused multiply-add).
  val fma : t -> t -> t -> t
  -- | sin, cos and tan of `pi * x`, exact at integers and halves, and the inverses
  -- divided by pi (`atan2pi y x` is `atan2 y x / pi`).
  val sinpi : t -> t
  val cospi : t -> t
  val tanpi : t -> t
  val asinpi : t -> t
  val acospi : t -> t
  val atanpi : t -> t
  val atan2pi : t -> t -> t
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
  -- | The width, and bits of the representation, as for integers.
  val num_bits : i32
  val get_bit : i32 -> t -> i32
  val set_bit : i32 -> t -> i32 -> t
  -- | The distance from 1 to the next larger number.
  val epsilon : t
  -- | The next number after `x` in the direction of `y`.
  val nextafter : t -> t -> t
  -- | `ldexp x n` is `x * 2**n`, without overflow on the way.
  val ldexp : t -> i32 -> t
  -- | The magnitude of `x` with the sign of `y`.
  val copysign : t -> t -> t
}
