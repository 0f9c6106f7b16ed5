-- A point-free entry point whose parameter types stay unknown is polymorphic, which an
-- entry point cannot be.
-- ==
-- error: entry point 'pick' cannot be polymorphic

entry pick = \(x, _) -> x
