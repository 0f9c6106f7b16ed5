-- The f64 module's elementary functions: roots, exponentials and logarithms, the
-- trigonometric and hyperbolic functions and their inverses, atan2, hypot, erf, erfc,
-- gamma, lgamma and pow (values from Python's math module).
-- ==
-- input { 0.5f64 2f64 }
-- output { 1.4142135623730951f64 1.2599210498948732f64 1.6487212707001282f64
--          0.6931471805599453f64 3.0f64 3.0f64 0.4054651081081644f64
--          0.479425538604203f64 0.8775825618903728f64 0.5463024898437905f64
--          0.5235987755982989f64 1.0471975511965979f64 0.4636476090008061f64
--          0.5210953054937474f64 1.1276259652063807f64 0.46211715726000974f64
--          0.48121182505960347f64 1.3169578969248166f64 0.5493061443340548f64
--          2.356194490192345f64 5.0f64 0.5204998778130465f64 0.4795001221869535f64
--          11.631728396567446f64 0.5723649429247004f64 1.4142135623730951f64 1024.0f64 }
entry main (x: f64) (y: f64) =
  (f64.sqrt y, f64.cbrt y, f64.exp x, f64.log y, f64.log2 8, f64.log10 1000, f64.log1p x,
   f64.sin x, f64.cos x, f64.tan x, f64.asin x, f64.acos x, f64.atan x,
   f64.sinh x, f64.cosh x, f64.tanh x, f64.asinh x, f64.acosh y, f64.atanh x,
   f64.atan2 1 (-1), f64.hypot 3 4, f64.erf x, f64.erfc x, f64.gamma 4.5, f64.lgamma x,
   f64.pow y x, y ** 10)
