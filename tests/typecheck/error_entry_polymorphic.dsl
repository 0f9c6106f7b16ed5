-- An entry point cannot have type parameters.
-- ==
-- error: entry point 'main' cannot be polymorphic \(type parameter 'a'\)

entry main 'a (x: a) : a = x
