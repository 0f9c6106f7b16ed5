-- Constant folding of floats computes in the type's own precision (f32 in float, not
-- in double), with the runtime's functions (rts/c/scalar.h): % with the sign of the
-- divisor, min and max ignoring NaN, round to nearest even. The results are compared
-- through to_bits, so that they must agree to the last bit. In `folded` the operations
-- all fold (the arrays given to to_bits hold only constants after simplification);
-- `computed` applies the same operations to its inputs.
-- Structure after simplification (dump --after simplify --structure): array 4, map 4
-- ==
-- structure { loop 0 map 4 }
-- entry: folded
-- input { }
-- output { [1050253722u32, 1017370379u32, 1056964608u32, 3184315597u32, 1056964608u32,
--          1069547520u32, 1113653248u32, 3236954112u32, 1073741824u32, 1055744824u32,
--          1090020101u32, 1055193390u32, 1066235454u32, 3217949200u32, 3211796676u32,
--          1051818543u32, 1036876868u32, 3238002688u32, 3233808384u32, 3238002688u32,
--          3235905536u32, 3235905536u32, 1089470464u32, 3212836864u32, 1089470464u32,
--          1036854330u32, 1036787388u32, 1036854420u32, 1069301137u32, 3216513128u32,
--          1065353216u32, 3207786419u32, 2139095040u32] [4599075939470750516u64,
--          4581421828931458172u64, 4602678819172646912u64, 13815242216921733530u64,
--          13826050856027422720u64, 4607614576232609006u64, 4601727903846100441u64,
--          4607656066507473108u64, 13833299120010136883u64, 4603565777395632817u64,
--          13828763316576947069u64, 4611686018427387904u64, 4616189618054758400u64,
--          13830554455654793216u64, 13830554455654793216u64, 4607204955569408824u64,
--          4580813243122468430u64, 18444492273895866368u64] true true false true false false
--          true true true }
-- entry: computed
-- input { 0.1f32 0.2f32 -7.5f32 2f32 0.1f64 0.2f64 2.5f64 -1f64 }
-- output { [1050253722u32, 1017370379u32, 1056964608u32, 3184315597u32, 1056964608u32,
--          1069547520u32, 1113653248u32, 3236954112u32, 1073741824u32, 1055744824u32,
--          1090020101u32, 1055193390u32, 1066235454u32, 3217949200u32, 3211796676u32,
--          1051818543u32, 1036876868u32, 3238002688u32, 3233808384u32, 3238002688u32,
--          3235905536u32, 3235905536u32, 1089470464u32, 3212836864u32, 1089470464u32,
--          1036854330u32, 1036787388u32, 1036854420u32, 1069301137u32, 3216513128u32,
--          1065353216u32, 3207786419u32, 2139095040u32] [4599075939470750516u64,
--          4581421828931458172u64, 4602678819172646912u64, 13815242216921733530u64,
--          13826050856027422720u64, 4607614576232609006u64, 4601727903846100441u64,
--          4607656066507473108u64, 13833299120010136883u64, 4603565777395632817u64,
--          13828763316576947069u64, 4611686018427387904u64, 4616189618054758400u64,
--          13830554455654793216u64, 13830554455654793216u64, 4607204955569408824u64,
--          4580813243122468430u64, 18444492273895866368u64] true true false true false false
--          true true true }
def ops32 (a: f32) (b: f32) (c: f32) (d: f32) =
  map f32.to_bits
      [a + b, a * b, a / b, a - b, c % d, (-c) % d, c ** d, f32.min c f32.nan,
       f32.max f32.nan d, f32.atan2 a b, f32.hypot c d, f32.sqrt b, f32.exp a, f32.log b,
       f32.sin c, f32.cos c, f32.tan a, f32.round c, f32.round (c + 1), f32.floor c,
       f32.ceil c, f32.trunc c, f32.abs c, f32.sgn c, -c, f32.sinh a, f32.tanh a,
       f32.asin a, f32.acos a, f32.atan c, f32.log2 d, f32.log10 b, 1 / (c - c)]

def ops64 (a: f64) (b: f64) (c: f64) (d: f64) =
  map f64.to_bits
      [a + b, a * b, a / b, a - b, c % d, c ** a, f64.sqrt b, f64.exp a, f64.log b,
       f64.sin c, f64.cos c, f64.round c, f64.round (c + 1), f64.floor d, f64.sgn d,
       f64.cosh a, f64.pow b c, f64.sqrt d]

def preds (c: f32) (d: f64) =
  (f32.isnan (c / 0 - c / 0), f32.isinf (c / 0), f64.isnan d, f64.isinf (d / 0), c < f32.nan,
   f32.nan == f32.nan, f32.nan != f32.nan, d <= d, -0f32 == 0f32)

entry folded =
  (ops32 0.1 0.2 (-7.5) 2, ops64 0.1 0.2 2.5 (-1), preds (-7.5) (-1))

entry computed (a: f32) (b: f32) (c: f32) (d: f32) (e: f64) (f: f64) (g: f64) (h: f64) =
  (ops32 a b c d, ops64 e f g h, preds c h)
