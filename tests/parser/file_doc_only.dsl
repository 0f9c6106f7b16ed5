-- A program may consist of nothing but its documentation.
-- ==

-- | Nothing to see here.
