-- Batches of real transforms (`map fft32.rfft`, `map (fft32.irfft n)`): the half-length
-- trick of an even n (Note in stdlib/fft.dsl, `rfft_even`) is one group kernel over the
-- rows on OpenCL, its tables made once out of the map; Bluestein's lengths (and odd
-- ones) take the map's other arms, Bluestein's on the host, and the other odd lengths
-- `fft`, whose long rows split in two (docs/fft.md, "Long rows": 12 of the 18 group
-- kernels, never launched at these sizes).
-- ==
-- entry: rows
-- input { [[1f32, 2f32, 3f32, 4f32, 5f32, 6f32, 7f32, 8f32], [1f32, 0f32, 0f32, 0f32, 0f32, 0f32, 0f32, 0f32]] }
-- output { [[36f32, -4f32, -4f32, -4f32, -4f32], [1f32, 1f32, 1f32, 1f32, 1f32]]
--          [[0f32, 9.656854f32, 4f32, 1.656854f32, 0f32], [0f32, 0f32, 0f32, 0f32, 0f32]] }
-- input { [[1f32, 2f32, 3f32], [0f32, 1f32, 0f32]] }
-- output { [[6f32, -1.5f32], [1f32, -0.5f32]] [[0f32, 0.8660254f32], [0f32, -0.8660254f32]] }
-- entry: back
-- input { 8i64 [[36f32, -4f32, -4f32, -4f32, -4f32], [1f32, 1f32, 1f32, 1f32, 1f32]]
--         [[0f32, 9.656854f32, 4f32, 1.656854f32, 0f32], [0f32, 0f32, 0f32, 0f32, 0f32]] }
-- output { [[1f32, 2f32, 3f32, 4f32, 5f32, 6f32, 7f32, 8f32], [1f32, 0f32, 0f32, 0f32, 0f32, 0f32, 0f32, 0f32]] }
-- structure kernels { group 18 host 2 }

import "fft"

entry rows [b][n] (xss: [b][n]f32) : ([b][n/2+1]f32, [b][n/2+1]f32) =
  unzip (map (\xs -> unzip (fft32.rfft xs)) xss)

entry back [b][k] (n: i64) (re: [b][k]f32) (im: [b][k]f32) : [b][n]f32 =
  map2 (\r i -> fft32.irfft n (zip r i)) re im
