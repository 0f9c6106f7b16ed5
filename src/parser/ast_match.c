/* `match` on constants, tuples and records (no sum types), as sugar for lets and ifs.
 *
 *   match e
 *   case (0, y) -> a
 *   case (x, _) -> b
 *
 * is built as
 *
 *   let (match) = e
 *   in if (match).0 == 0 then (let (_, y) = (match) in a)
 *      else (let (x, _) = (match) in b)
 *
 * A case's test is the conjunction of `path == literal` for the literals in its pattern
 * (the literals bind nothing: they are wildcards in the pattern that binds); the name
 * (match) cannot be written, so it shadows nothing of the program. As in Futhark, the
 * cases must cover every value (Note [Exhaustive cases]); then the last case needs no
 * test. Everything else (types, sizes, uniqueness) is the checker's business as for the
 * lets and ifs that a program could write itself. */
#include "parser/parse_internal.h"
#include "support/strtab.h"
#include "support/vec.h"

#include <stdlib.h>
#include <string.h>

static struct case_pat *case_pat_new(struct parser *p, enum case_pat_kind kind,
                                     struct pat *pat, struct loc loc) {
  struct case_pat *c = ARENA_NEW(p->arena, struct case_pat);
  c->kind = kind;
  c->pat = pat;
  c->loc = loc;
  c->bool_value = -1;
  return c;
}

struct case_pat *ast_case_pat_bind(struct parser *p, struct pat *pat) {
  return case_pat_new(p, CASE_PAT_ANY, pat, pat->loc);
}

struct case_pat *ast_case_pat_literal(struct parser *p, struct exp *lit, struct loc loc) {
  struct case_pat *c = case_pat_new(p, CASE_PAT_LITERAL, ast_pat_new(p, PAT_WILDCARD, loc), loc);
  c->literal = lit;
  if (lit->kind == EXP_BOOL) {
    c->bool_value = lit->u.bool_lit;
  }
  return c;
}

struct case_pat *ast_case_pat_tuple(struct parser *p, struct parse_case_pats elems,
                                    struct loc loc) {
  struct parse_pats pats = {0};
  for (int i = 0; i < elems.len; i++) {
    VEC_PUSH(p->arena, &pats, elems.items[i]->pat);
  }
  struct case_pat *c = case_pat_new(p, CASE_PAT_TUPLE, ast_tuple_pat(p, pats, loc), loc);
  c->elems = elems.items;
  c->count = elems.len;
  return c;
}

static int compare_fields(const void *a, const void *b) {
  const struct case_field *x = a, *y = b;
  return strcmp(x->name, y->name);
}

/* The fields are kept sorted by name, so that {a, b} and {b, a} line up in
 * Note [Exhaustive cases]. */
struct case_pat *ast_case_pat_record(struct parser *p, struct parse_case_fields fields,
                                     struct loc loc) {
  struct pat *pat = ast_pat_new(p, PAT_RECORD, loc);
  pat->u.record.fields = ARENA_ARRAY(p->arena, struct pat_field, fields.len + 1);
  pat->u.record.count = fields.len;
  for (int i = 0; i < fields.len; i++) {
    struct case_field *f = &fields.items[i];
    pat->u.record.fields[i] = (struct pat_field){f->name, f->loc, f->pat->pat};
  }
  qsort(fields.items, (size_t)fields.len, sizeof *fields.items, compare_fields);
  struct case_pat *c = case_pat_new(p, CASE_PAT_RECORD, pat, loc);
  c->elems = ARENA_ARRAY(p->arena, struct case_pat *, fields.len + 1);
  c->names = ARENA_ARRAY(p->arena, name_t, fields.len + 1);
  c->count = fields.len;
  for (int i = 0; i < fields.len; i++) {
    c->elems[i] = fields.items[i].pat;
    c->names[i] = fields.items[i].name;
  }
  return c;
}

struct case_pat *ast_case_pat_ascript(struct parser *p, struct case_pat *c,
                                      struct type_exp *type, struct loc loc) {
  c->pat = ast_ascript_pat(p, c->pat, type, loc);
  return c;
}

/* Note [Exhaustive cases]
 * ~~~~~~~~~~~~~~~~~~~~~~~
 * Futhark rejects a match whose cases miss some value. The check is the usefulness of a
 * wildcard against the matrix of the cases' patterns (Maranget, "Warnings for pattern
 * matching", 2007), with the constructors this subset has: a tuple or record (one
 * constructor, its fields the arguments), the two booleans (a complete set), and the
 * literals of numbers (never complete: only a case that matches anything there covers
 * the rest). The matrix is small (a case a row), so the plain recursion does. */

static struct case_pat any_pat = {.kind = CASE_PAT_ANY, .bool_value = -1};

/* Rows of `width` columns; a new matrix of rows each column 0 expanded into k. */
static struct case_pat ***expand_first(struct parser *p, struct case_pat ***rows, int n,
                                       int width, int k) {
  struct case_pat ***out = ARENA_ARRAY(p->arena, struct case_pat **, n + 1);
  for (int r = 0; r < n; r++) {
    out[r] = ARENA_ARRAY(p->arena, struct case_pat *, k + width);
    struct case_pat *head = rows[r][0];
    for (int i = 0; i < k; i++) {
      out[r][i] = head->kind == CASE_PAT_ANY ? &any_pat : head->elems[i];
    }
    for (int i = 1; i < width; i++) {
      out[r][k + i - 1] = rows[r][i];
    }
  }
  return out;
}

/* The rows whose column 0 matches the boolean b (b < 0: whose column 0 matches
 * anything), without column 0; their count in *m. */
static struct case_pat ***keep_rows(struct parser *p, struct case_pat ***rows, int n, int b,
                                    int *m) {
  struct case_pat ***out = ARENA_ARRAY(p->arena, struct case_pat **, n + 1);
  *m = 0;
  for (int r = 0; r < n; r++) {
    struct case_pat *head = rows[r][0];
    if (head->kind == CASE_PAT_ANY || (b >= 0 && head->bool_value == b)) {
      out[(*m)++] = rows[r] + 1;
    }
  }
  return out;
}

/* Whether a pattern has the shape of `head` (a tuple or record): the same kind and,
 * for a record, the same field names. Patterns of different shapes in one column are
 * a type error, which the checker would report; the expansion below needs them to
 * agree, so it is reported here. */
static bool same_shape(const struct case_pat *c, const struct case_pat *head) {
  if (c->kind == CASE_PAT_ANY) {
    return true;
  }
  if (c->kind != head->kind || c->count != head->count) {
    return false;
  }
  for (int i = 0; head->kind == CASE_PAT_RECORD && i < head->count; i++) {
    if (c->names[i] != head->names[i]) {
      return false;
    }
  }
  return true;
}

enum coverage { COVERED, UNMATCHED, ILL_SHAPED };

/* Whether some value matches none of the rows (a wildcard row would be useful). */
static enum coverage some_value_unmatched(struct parser *p, struct case_pat ***rows, int n,
                                          int width) {
  if (width == 0) {
    return n == 0 ? UNMATCHED : COVERED;
  }
  bool seen[2] = {false, false};
  for (int r = 0; r < n; r++) {
    struct case_pat *head = rows[r][0];
    if (head->kind == CASE_PAT_TUPLE || head->kind == CASE_PAT_RECORD) {
      for (int o = 0; o < n; o++) {
        if (!same_shape(rows[o][0], head)) {
          parse_error(p, rows[o][0]->loc,
                      "this pattern does not have the shape of the %s pattern on line %u",
                      head->kind == CASE_PAT_TUPLE ? "tuple" : "record", head->loc.line);
          return ILL_SHAPED;
        }
      }
      return some_value_unmatched(p, expand_first(p, rows, n, width, head->count), n,
                                  width - 1 + head->count);
    }
    if (head->bool_value >= 0) {
      seen[head->bool_value] = true;
    }
  }
  int m;
  if (seen[0] && seen[1]) {
    for (int b = 0; b < 2; b++) {
      struct case_pat ***kept = keep_rows(p, rows, n, b, &m);
      enum coverage c = some_value_unmatched(p, kept, m, width - 1);
      if (c != COVERED) {
        return c;
      }
    }
    return COVERED;
  }
  struct case_pat ***rest = keep_rows(p, rows, n, -1, &m);
  return some_value_unmatched(p, rest, m, width - 1);
}

/* ---------------------------------------------------------------- Desugaring */

/* The tests of a pattern at `subject` (the scrutinee or a field of it), appended to
 * *tests as `subject == literal`. */
static void pattern_tests(struct parser *p, struct case_pat *c, struct exp *subject,
                          struct parse_exps *tests) {
  if (c->kind == CASE_PAT_LITERAL) {
    VEC_PUSH(p->arena, tests,
             ast_binop_exp(p, subject, ast_qual_one(intern("==")), c->loc, c->literal, c->loc));
    return;
  }
  for (int i = 0; i < c->count; i++) {
    struct exp *field = ast_exp_new(p, EXP_PROJECT, c->elems[i]->loc);
    field->u.project.exp = subject;
    field->u.project.field = c->kind == CASE_PAT_RECORD ? c->names[i] : intern_printf("%d", i);
    field->u.project.field_loc = c->elems[i]->loc;
    pattern_tests(p, c->elems[i], field, tests);
  }
}

/* The conjunction of a case's tests, or NULL when it matches everything. */
static struct exp *case_test(struct parser *p, struct case_pat *c, name_t scrutinee) {
  struct parse_exps tests = {0};
  pattern_tests(p, c, ast_var_exp(p, scrutinee, c->loc), &tests);
  struct exp *all = tests.len > 0 ? tests.items[0] : NULL;
  for (int i = 1; i < tests.len; i++) {
    all = ast_binop_exp(p, all, ast_qual_one(intern("&&")), c->loc, tests.items[i], c->loc);
  }
  return all;
}

struct exp *ast_match_exp(struct parser *p, struct exp *scrutinee, struct parse_cases cases,
                          struct loc loc) {
  struct case_pat ***rows = ARENA_ARRAY(p->arena, struct case_pat **, cases.len + 1);
  for (int i = 0; i < cases.len; i++) {
    rows[i] = &cases.items[i].pat;
  }
  enum coverage coverage = some_value_unmatched(p, rows, cases.len, 1);
  if (coverage == ILL_SHAPED) {
    return NULL;
  }
  if (coverage == UNMATCHED) {
    parse_error(p, loc, "the cases of this match do not cover every value; a last "
                        "`case _ -> ...` would cover the rest");
    return NULL;
  }
  name_t x = intern("(match)");
  struct exp *result = NULL;
  for (int i = cases.len - 1; i >= 0; i--) {
    struct match_case *mc = &cases.items[i];
    struct exp *body = ast_let_exp(p, (struct parse_names){0}, mc->pat->pat,
                                   ast_var_exp(p, x, mc->pat->loc), mc->body, mc->loc);
    struct exp *test = result != NULL ? case_test(p, mc->pat, x) : NULL;
    result = test == NULL ? body : ast_if_exp(p, test, body, result, mc->loc);
  }
  struct pat *bind = ast_id_pat(p, x, scrutinee->loc);
  return ast_let_exp(p, (struct parse_names){0}, bind, scrutinee, result, loc);
}
