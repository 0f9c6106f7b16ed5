-- No test stanzas: the program only has to compile.

entry main (x: i32) : i32 = x * 2
