-- A plain type abbreviation may not stand for an abstract size-lifted type: it
-- would hide a size behind a type that promises none.
-- ==
-- error: error_abbrev_abstract_size_lifted\.dsl:9:3: error: type 'row' may hide a size \(P.t is size-lifted\): declare it with type~

module type has_row = { type~ t }

module wrap (P: has_row) : { type row } = {
  type row = P.t
}
