-- Doc comments document the declarations and specifications they precede.
-- ==
-- input { 2i32 } output { 3i32 }

-- | The file.

-- | A module type.
module type inc = {
  -- | The function.
  --   Two lines.
  val inc : i32 -> i32
}

-- | A module.
module m : inc = {
  -- | Local documentation.
  def inc (x: i32) : i32 = x + 1
}

-- | A type.
type t = i32

-- | The entry point.
entry main (x: t) : t = m.inc x
