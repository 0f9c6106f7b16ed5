-- An ascription without a type.
-- ==
-- error: unexpected '\)', expected type

def main (x: ) = x
