-- A valid UTF-8 character outside comments is named in the error.
-- ==
-- error: unexpected character 'λ'

entry main (x: i32) = λ x
