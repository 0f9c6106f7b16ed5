-- | Complex numbers over any real type.
--
--     import "complex"
--     module c = complex32
--     def rotate (z: c.t) = z c.* c.i
--
-- `mk_complex` builds the module for any module of type `real` (from the prelude:
-- `f32` and `f64` are two); `complex32` and `complex64` are applied already. A
-- complex number is a pair (real part, imaginary part), so arrays of complex numbers
-- are two arrays of reals underneath.

-- | What a module of complex numbers provides.
module type complex = {
  -- | The type of the real and imaginary parts.
  type real
  -- | A complex number.
  type t
  -- | `mk a b` is a + bi.
  val mk : real -> real -> t
  -- | A number on the real axis.
  val mk_re : real -> t
  -- | A number on the imaginary axis.
  val mk_im : real -> t
  -- | The real part.
  val re : t -> real
  -- | The imaginary part.
  val im : t -> real
  -- | Zero.
  val zero : t
  -- | One.
  val one : t
  -- | The imaginary unit i.
  val i : t
  -- | Addition.
  val + : t -> t -> t
  -- | Subtraction.
  val - : t -> t -> t
  -- | Multiplication: (a + bi)(c + di) = (ac - bd) + (ad + bc)i.
  val * : t -> t -> t
  -- | Division.
  val / : t -> t -> t
  -- | Equality of both parts.
  val == : t -> t -> bool
  -- | The additive inverse.
  val neg : t -> t
  -- | The complex conjugate a - bi of a + bi.
  val conj : t -> t
  -- | The magnitude (absolute value).
  val mag : t -> real
  -- | The argument (angle), in (-pi, pi].
  val arg : t -> real
  -- | The complex exponential e^(a + bi).
  val exp : t -> t
  -- | e^(i x): the point at angle x on the unit circle.
  val cis : real -> t
  -- | Multiplication by a real number.
  val scale : real -> t -> t
  -- | Multiplication by i (no multiplications: a swap and a negation).
  val mul_i : t -> t
  -- | Multiplication by -i (no multiplications: a swap and a negation).
  val mul_neg_i : t -> t
  -- | The square root with a non-negative real part.
  val sqrt : t -> t
}

-- | Complex numbers whose parts are of the type `F.t`.
module mk_complex (F: real) : (complex with real = F.t with t = (F.t, F.t)) = {
  type real = F.t
  type t = (F.t, F.t)

  def mk (a: real) (b: real) : t = (a, b)
  def mk_re (a: real) : t = (a, F.i32 0)
  def mk_im (b: real) : t = (F.i32 0, b)
  def re ((a, _): t) : real = a
  def im ((_, b): t) : real = b

  def zero : t = mk_re (F.i32 0)
  def one : t = mk_re (F.i32 1)
  def i : t = mk_im (F.i32 1)

  def (+) ((a, b): t) ((c, d): t) : t = (a F.+ c, b F.+ d)
  def (-) ((a, b): t) ((c, d): t) : t = (a F.- c, b F.- d)
  def (*) ((a, b): t) ((c, d): t) : t = (a F.* c F.- b F.* d, a F.* d F.+ b F.* c)
  def (/) ((a, b): t) ((c, d): t) : t =
    let den = c F.* c F.+ d F.* d
    in ((a F.* c F.+ b F.* d) F./ den, (b F.* c F.- a F.* d) F./ den)
  def (==) ((a, b): t) ((c, d): t) : bool = a F.== c && b F.== d

  def neg ((a, b): t) : t = (F.neg a, F.neg b)
  def conj ((a, b): t) : t = (a, F.neg b)
  def mag ((a, b): t) : real = F.hypot a b
  def arg ((a, b): t) : real = F.atan2 b a
  def exp ((a, b): t) : t =
    let r = F.exp a
    in (r F.* F.cos b, r F.* F.sin b)
  def cis (x: real) : t = (F.cos x, F.sin x)
  def scale (s: real) ((a, b): t) : t = (s F.* a, s F.* b)
  def mul_i ((a, b): t) : t = (F.neg b, a)
  def mul_neg_i ((a, b): t) : t = (b, F.neg a)
  def sqrt ((a, b): t) : t =
    let m = F.hypot a b
    let re = F.sqrt ((m F.+ a) F./ F.i32 2)
    let im = F.sqrt ((m F.- a) F./ F.i32 2)
    in (re, if b F.< F.i32 0 then F.neg im else im)
}

-- | Complex numbers of two f32s.
module complex32 = mk_complex f32

-- | Complex numbers of two f64s.
module complex64 = mk_complex f64
