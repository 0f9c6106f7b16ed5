-- Unclosed module body at the end of the file.
-- ==
-- error: note: to match this '\{' opened here

module M = {
  def x = 1
