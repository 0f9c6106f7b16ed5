-- A character literal is an integer literal of its code point, so it must fit its type.
-- ==
-- error: 5:25: error: the literal 955 is out of range for type u8

entry main : u8 = 'a' + 'λ' - 'λ'
