-- A run-time error inside functions that were inlined is reported at its own location,
-- then a note for each call it was inlined through, innermost first, so that an error
-- in a library function also names the caller's line. In kernels too (via_map).
-- ==
-- input { [1i32, 2i32] 1i64 } output { 4i32 }
-- input { [1i32, 2i32] 5i64 }
-- error: error_trace\.dsl:22:45: error: index \[5\] out of bounds
-- input { [1i32, 2i32] 5i64 }
-- error: error_trace\.dsl:23:45: note: in this call of 'inner'$
-- input { [1i32, 2i32] 5i64 }
-- error: error_trace\.dsl:24:46: note: in this call of 'outer'$
-- entry: via_map
-- input { [1i32, 2i32] [0i64, 1i64] } output { [3i32, 4i32] }
-- input { [1i32, 2i32] [0i64, 2i64] }
-- error: error_trace\.dsl:23:45: note: in this call of 'inner'$
-- input { [1i32, 2i32] [0i64, 2i64] }
-- error: error_trace\.dsl:25:70: note: in this call of 'outer'$
-- entry: via_call
-- input { [1i32, 2i32] 1i64 }
-- error: error_trace\.dsl:170:50: note: in this call of 'big'$

def inner [n] (xs: [n]i32) (i: i64) : i32 = xs[i] + 1
def outer [n] (xs: [n]i32) (i: i64) : i32 = inner xs i + 1
entry main [n] (xs: [n]i32) (i: i64) : i32 = outer xs i
entry via_map [n][m] (xs: [n]i32) (is: [m]i64) : [m]i32 = map (\i -> outer xs i) is

-- Too large to inline, called twice: a call at run time, whose failure adds its note.
def big [n] (xs: [n]i32) (i: i64) : i32 =
  let a = xs[0]
  let a = a * 3 + 1
  let a = a * 3 + 2
  let a = a * 3 + 3
  let a = a * 3 + 4
  let a = a * 3 + 5
  let a = a * 3 + 6
  let a = a * 3 + 7
  let a = a * 3 + 8
  let a = a * 3 + 9
  let a = a * 3 + 10
  let a = a * 3 + 11
  let a = a * 3 + 12
  let a = a * 3 + 13
  let a = a * 3 + 14
  let a = a * 3 + 15
  let a = a * 3 + 16
  let a = a * 3 + 17
  let a = a * 3 + 18
  let a = a * 3 + 19
  let a = a * 3 + 20
  let a = a * 3 + 21
  let a = a * 3 + 22
  let a = a * 3 + 23
  let a = a * 3 + 24
  let a = a * 3 + 25
  let a = a * 3 + 26
  let a = a * 3 + 27
  let a = a * 3 + 28
  let a = a * 3 + 29
  let a = a * 3 + 30
  let a = a * 3 + 31
  let a = a * 3 + 32
  let a = a * 3 + 33
  let a = a * 3 + 34
  let a = a * 3 + 35
  let a = a * 3 + 36
  let a = a * 3 + 37
  let a = a * 3 + 38
  let a = a * 3 + 39
  let a = a * 3 + 40
  let a = a * 3 + 41
  let a = a * 3 + 42
  let a = a * 3 + 43
  let a = a * 3 + 44
  let a = a * 3 + 45
  let a = a * 3 + 46
  let a = a * 3 + 47
  let a = a * 3 + 48
  let a = a * 3 + 49
  let a = a * 3 + 50
  let a = a * 3 + 51
  let a = a * 3 + 52
  let a = a * 3 + 53
  let a = a * 3 + 54
  let a = a * 3 + 55
  let a = a * 3 + 56
  let a = a * 3 + 57
  let a = a * 3 + 58
  let a = a * 3 + 59
  let a = a * 3 + 60
  let a = a * 3 + 61
  let a = a * 3 + 62
  let a = a * 3 + 63
  let a = a * 3 + 64
  let a = a * 3 + 65
  let a = a * 3 + 66
  let a = a * 3 + 67
  let a = a * 3 + 68
  let a = a * 3 + 69
  let a = a * 3 + 70
  let a = a * 3 + 71
  let a = a * 3 + 72
  let a = a * 3 + 73
  let a = a * 3 + 74
  let a = a * 3 + 75
  let a = a * 3 + 76
  let a = a * 3 + 77
  let a = a * 3 + 78
  let a = a * 3 + 79
  let a = a * 3 + 80
  let a = a * 3 + 81
  let a = a * 3 + 82
  let a = a * 3 + 83
  let a = a * 3 + 84
  let a = a * 3 + 85
  let a = a * 3 + 86
  let a = a * 3 + 87
  let a = a * 3 + 88
  let a = a * 3 + 89
  let a = a * 3 + 90
  let a = a * 3 + 91
  let a = a * 3 + 92
  let a = a * 3 + 93
  let a = a * 3 + 94
  let a = a * 3 + 95
  let a = a * 3 + 96
  let a = a * 3 + 97
  let a = a * 3 + 98
  let a = a * 3 + 99
  let a = a * 3 + 100
  let a = a * 3 + 101
  let a = a * 3 + 102
  let a = a * 3 + 103
  let a = a * 3 + 104
  let a = a * 3 + 105
  let a = a * 3 + 106
  let a = a * 3 + 107
  let a = a * 3 + 108
  let a = a * 3 + 109
  let a = a * 3 + 110
  let a = a * 3 + 111
  let a = a * 3 + 112
  let a = a * 3 + 113
  let a = a * 3 + 114
  let a = a * 3 + 115
  let a = a * 3 + 116
  let a = a * 3 + 117
  let a = a * 3 + 118
  let a = a * 3 + 119
  let a = a * 3 + 120
  let a = a * 3 + 121
  let a = a * 3 + 122
  let a = a * 3 + 123
  let a = a * 3 + 124
  let a = a * 3 + 125
  let a = a * 3 + 126
  let a = a * 3 + 127
  let a = a * 3 + 128
  let a = a * 3 + 129
  let a = a * 3 + 130
  let a = a * 3 + 131
  let a = a * 3 + 132
  let a = a * 3 + 133
  let a = a * 3 + 134
  let a = a * 3 + 135
  let a = a * 3 + 136
  let a = a * 3 + 137
  let a = a * 3 + 138
  let a = a * 3 + 139
  in a + xs[i + 1]
entry via_call [n] (xs: [n]i32) (i: i64) : i32 = big xs i + big xs 0
