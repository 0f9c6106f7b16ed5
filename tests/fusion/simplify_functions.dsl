-- Functions: every non-entry function that is small or called once is inlined, and a
-- function that nothing calls any more is removed, so after simplification the program
-- is the entry point alone, with no apply; a large function called twice stays, with its
-- calls (here `big`, over the inlining limit, called from two places).
-- Only `main` and `big` remain.
-- Structure after simplification (dump --after simplify --structure): apply 2
-- ==
-- structure { apply 2 loop 0 map 0 }
-- input { 3i32 } output { 5i32 179588i32 735374i32 }
def add1 (x: i32) = x + 1
def twice (x: i32) = add1 (add1 x)
def unused (x: i32) = x * 1000
def big (x: i32) =
  let a = x * 3 + 1 let b = a * 5 - x let c = b ^ a let d = c * c + b let e = d % 17 + c
  let f = e * a - d let g = f + e * 3 let h = g ^ f let i = h * 7 + g let j = i % 13 + h
  let k = j * 3 + i let l = k - j * 5 let m = l ^ k let n = m * 11 + l let o = n % 19 + m
  let p = o * 2 + n let q = p - o let r = q ^ p let s = r * 3 + q let t = s % 23 + r
  let u = t * 5 + s let v = u - t let w = v ^ u let y = w * 7 + v let z = y % 29 + w
  let a2 = z * 3 + y let b2 = a2 - z let c2 = b2 ^ a2 let d2 = c2 * 5 + b2 let e2 = d2 % 31
  let f2 = e2 * 3 + d2 let g2 = f2 - e2 let h2 = g2 ^ f2 let i2 = h2 * 7 + g2 let j2 = i2 % 37
  let k2 = j2 * 3 + i2 let l2 = k2 - j2 let m2 = l2 ^ k2 let n2 = m2 * 11 + l2 let o2 = n2 % 41
  let p2 = o2 * 2 + n2 let q2 = p2 - o2 let r2 = q2 ^ p2 let s2 = r2 * 3 + q2 let t2 = s2 % 43
  let u2 = t2 * 5 + s2 let v2 = u2 - t2 let w2 = v2 ^ u2 let y2 = w2 * 7 + v2 let z2 = y2 % 47
  let a3 = z2 * 3 + y2 let b3 = a3 - z2 let c3 = b3 ^ a3 let d3 = c3 * 5 + b3 let e3 = d3 % 53
  let f3 = e3 * 3 + d3 let g3 = f3 - e3 let h3 = g3 ^ f3 let i3 = h3 * 7 + g3 let j3 = i3 % 59
  let k3 = j3 * 3 + i3 let l3 = k3 - j3 let m3 = l3 ^ k3 let n3 = m3 * 11 + l3 let o3 = n3 % 61
  let p3 = o3 * 2 + n3 let q3 = p3 - o3 let r3 = q3 ^ p3 let s3 = r3 * 3 + q3 let t3 = s3 % 67
  let u3 = t3 * 5 + s3 let v3 = u3 - t3 let w3 = v3 ^ u3 let y3 = w3 * 7 + v3 let z3 = y3 % 71
  let a4 = z3 * 3 + y3 let b4 = a4 - z3 let c4 = b4 ^ a4 let d4 = c4 * 5 + b4 let e4 = d4 % 73
  let f4 = e4 * 3 + d4 let g4 = f4 - e4 let h4 = g4 ^ f4 let i4 = h4 * 7 + g4 let j4 = i4 % 79
  let k4 = j4 * 3 + i4 let l4 = k4 - j4 let m4 = l4 ^ k4 let n4 = m4 * 11 + l4 let o4 = n4 % 83
  let p4 = o4 * 2 + n4 let q4 = p4 - o4 let r4 = q4 ^ p4 let s4 = r4 * 3 + q4 let t4 = s4 % 89
  let u4 = t4 * 5 + s4 let v4 = u4 - t4 let w4 = v4 ^ u4 let y4 = w4 * 7 + v4 let z4 = y4 % 97
  let a5 = z4 * 3 + y4 let b5 = a5 - z4 let c5 = b5 ^ a5 let d5 = c5 * 5 + b5 let e5 = d5 % 7
  let f5 = e5 * 3 + d5 let g5 = f5 - e5 let h5 = g5 ^ f5 let i5 = h5 * 7 + g5 let j5 = i5 % 11
  in j5 + i5 + h5
entry main (x: i32) = (twice x, big x, big (x + 1))
