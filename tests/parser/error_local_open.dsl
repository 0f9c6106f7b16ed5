-- Only a module name can be opened locally with M.(e).
-- ==
-- error: only module names can be opened locally

def main (x: i32) = (f x).(x + 1)
