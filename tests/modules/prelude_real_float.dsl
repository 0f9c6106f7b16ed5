-- Functors over the prelude's `real` and `float` module types, applied to f32 and f64.
-- ==
-- input { 2.0f64 } output { 5.0f32 1.0f64 true 1069547520u32 1.5f32 4607182418800017408u64 }

module geom (R: real) = {
  def hyp (a: R.t) (b: R.t) : R.t = R.sqrt (a R.* a R.+ b R.* b)
  def unit (x: R.t) : R.t = R.sin x R.* R.sin x R.+ R.cos x R.* R.cos x
  def is_pi (x: R.t) : bool = R.abs (x R.- R.pi) R.< R.f64 1e-6
}

module fbits (F: float) = {
  def bits (x: F.t) : F.int_t = F.to_bits x
  def roundtrip (x: F.t) : F.t = F.from_bits (F.to_bits x)
}

module g32 = geom f32
module g64 = geom f64
module b32 = fbits f32
module b64 = fbits f64

entry main (x: f64) : (f32, f64, bool, u32, f32, u64) =
  (g32.hyp 3 4, g64.unit x, g64.is_pi (f64.acos (-1)), b32.bits 1.5, b32.roundtrip 1.5, b64.bits 1)
