-- A type that hides a size (type~) does not implement a plain `type t` spec.
-- ==
-- error: type 't' hides a size \(it is declared type~\), but its module type requires a type without hidden sizes
module type S = { type t }
module M : S = { type~ t = []i32 }
entry main (n: i64) : i64 = n
