/* What the grammar (parser.y) calls: the parser's state, the AST builders of its
 * actions (ast_build.c), its error messages (parse_messages.c) and the height check
 * of the finished tree (check_nesting.c). Only the parser's files include this.
 *
 * Builders allocate in the AST arena, give every node the location passed in, and
 * leave unset fields zero, so an action fills in only what its rule says. Those that
 * can fail report the error with parse_error and return NULL (or a NULL name); the
 * action then stops the parse with YYABORT. */
#ifndef PRISM_PARSE_INTERNAL_H
#define PRISM_PARSE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "lexer/lexer.h"
#include "parser/ast.h"
#include "parser/parser.h"
#include "support/arena.h"
#include "support/diag.h"

/* Everything one parse needs; no globals, so the parser can be fuzzed. */
struct parser {
  struct arena *arena; /* the AST arena */
  struct lexer lexer;
  struct program *program; /* the result of START_PROGRAM */
  struct spec *spec;       /* the result of START_SPEC */
};

/* ------------------------------------------------------ parse_messages.c */

/* The number of token kinds, for arrays indexed by a token kind: Bison's YYNTOKENS,
 * which only parser.c sees (it checks that the two agree). The tokens are raw
 * (api.token.raw), so a token kind is also Bison's symbol kind; the last one is the
 * highest precedence level, PREC_TOP, which is a token too. */
enum { PARSE_TOKEN_COUNT = PREC_TOP + 1 };

/* A token's name as the grammar declares it ("identifier", "(", "+..."); parser.y. */
const char *parse_token_name(yytoken_kind_t kind);

/* An error found by an action; the action then stops the parse with YYABORT. */
void parse_error(struct parser *p, struct loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A syntax error: the token `found` at `loc`, where the tokens `expected` (n of
 * them, maybe none) could have come instead. See Note [Expected tokens]. */
void parse_report_syntax_error(struct parser *p, yytoken_kind_t found, struct loc loc,
                               const yytoken_kind_t *expected, int n);

/* Bison's own error: only the parser's stacks running out. */
void yyerror(const struct loc *loc, struct parser *parser, const char *msg);

/* ----------------------------------------------------------- ast_build.c */

/* A node of the given kind, its other fields zero. */
struct exp *ast_exp_new(struct parser *p, enum exp_kind kind, struct loc loc);
struct pat *ast_pat_new(struct parser *p, enum pat_kind kind, struct loc loc);
struct type_exp *ast_type_new(struct parser *p, enum type_exp_kind kind, struct loc loc);
struct dec *ast_dec_new(struct parser *p, enum dec_kind kind, struct loc loc);
struct spec *ast_spec_new(struct parser *p, enum spec_kind kind, struct loc loc);
struct mod_exp *ast_mod_new(struct parser *p, enum mod_exp_kind kind, struct loc loc);
struct mod_type_exp *ast_mod_type_new(struct parser *p, enum mod_type_exp_kind kind,
                                      struct loc loc);

/* Names: an unqualified name; q.name; an operator being defined, (+), which must be
 * unqualified (NULL after an error); the names of a list, or NULL when empty. */
struct qual_name ast_qual_one(name_t name);
struct qual_name ast_qual_append(struct parser *p, struct qual_name q, name_t name);
name_t ast_unqualified_op(struct parser *p, struct qual_name op, struct loc loc);
name_t *ast_names_of(struct parser *p, struct parse_names names);

/* Literals and variables. */
struct exp *ast_int_exp(struct parser *p, struct lex_int lit, struct loc loc);
struct exp *ast_float_exp(struct parser *p, struct lex_float lit, struct loc loc);
struct exp *ast_bool_exp(struct parser *p, bool value, struct loc loc);
struct exp *ast_var_exp(struct parser *p, name_t name, struct loc loc);

/* A tuple or array literal (kind EXP_TUPLE or EXP_ARRAY) of `elems`. */
struct exp *ast_list_exp(struct parser *p, enum exp_kind kind, struct parse_exps elems,
                         struct loc loc);
/* The tuple (first, rest...). */
struct exp *ast_pair_exp(struct parser *p, struct exp *first, struct parse_exps rest,
                         struct loc loc);
/* e.field, where e_loc is e's location as written: x.y.z on a variable stays one
 * qualified name, anything else (and a numbered field) is a projection. */
struct exp *ast_field_exp(struct parser *p, struct exp *e, struct loc e_loc,
                          struct parse_name field, bool is_number, struct loc loc);
/* M.(body): e must be a module name. NULL after an error. */
struct exp *ast_qual_parens_exp(struct parser *p, struct exp *e, struct loc e_loc,
                                struct exp *body, struct loc loc);
/* array[indices]. */
struct exp *ast_index_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                          struct loc loc);
/* f a b c, or a lone atom itself. NULL after an error (a[i] [j]). */
struct exp *ast_apply_exp(struct parser *p, struct parse_exps atoms, struct loc loc);
/* lhs op rhs, for an operator token whose value is a (maybe qualified) name... */
struct exp *ast_binop_exp(struct parser *p, struct exp *lhs, struct qual_name op,
                          struct loc op_loc, struct exp *rhs, struct loc loc);
/* ...and for a bare operator token (- * < ^ |), whose value is its symbol. */
struct exp *ast_op_exp(struct parser *p, struct exp *lhs, name_t op, struct loc op_loc,
                       struct exp *rhs, struct loc loc);
/* -e or !e (kind EXP_NEGATE or EXP_NOT). */
struct exp *ast_unary_exp(struct parser *p, enum exp_kind kind, struct exp *e,
                          struct loc loc);
/* An operator section, (op), (x op) or (op x) by kind; operand NULL for (op). */
struct exp *ast_section_exp(struct parser *p, enum exp_kind kind, struct qual_name op,
                            struct loc op_loc, struct exp *operand, struct loc loc);
/* array with [indices] = value. */
struct exp *ast_update_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                           struct exp *value, struct loc loc);
/* record with a.b.c = value. */
struct exp *ast_record_update_exp(struct parser *p, struct exp *record,
                                  struct parse_names path, struct exp *value,
                                  struct loc loc);
/* Steps of an update path: steps with a field or an index list added. */
struct parse_steps ast_steps_field(struct parser *p, struct parse_steps steps,
                                   struct parse_name field);
struct parse_steps ast_steps_index(struct parser *p, struct parse_steps steps,
                                   struct parse_indices indices, struct loc loc);
/* source with PATH = value: an update, a record update, or a mixed path. */
struct exp *ast_path_update_exp(struct parser *p, struct exp *source, struct parse_steps steps,
                                struct exp *value, struct loc loc);
/* (.PATH): a field section (.a.b), an index section (.[i]), or a mixed path. */
struct exp *ast_section_path_exp(struct parser *p, struct parse_steps steps, struct loc loc);
/* let name PATH = value in body: let name = name with PATH = value in body. */
struct exp *ast_let_path_exp(struct parser *p, struct parse_name name, struct parse_steps steps,
                             struct exp *value, struct exp *body, struct loc loc);
/* \params : ret -> body; ret may be NULL. */
struct exp *ast_lambda_exp(struct parser *p, struct parse_pats params, struct type_exp *ret,
                           struct exp *body, struct loc loc);
/* e : type or e :> type (kind EXP_ASCRIPT or EXP_COERCE). */
struct exp *ast_ascript_exp(struct parser *p, enum exp_kind kind, struct exp *e,
                            struct type_exp *type, struct loc loc);
/* let [sizes] pat = value in body. */
struct exp *ast_let_exp(struct parser *p, struct parse_names sizes, struct pat *pat,
                        struct exp *value, struct exp *body, struct loc loc);
/* let name tparams params : ret = value in body. */
struct exp *ast_let_fun_exp(struct parser *p, struct parse_name name,
                            struct parse_tparams tparams, struct parse_pats params,
                            struct type_exp *ret, struct exp *value, struct exp *body,
                            struct loc loc);
/* let name[indices] = value in body. */
struct exp *ast_let_with_exp(struct parser *p, struct parse_name name,
                             struct parse_indices indices, struct exp *value,
                             struct exp *body, struct loc loc);
struct exp *ast_if_exp(struct parser *p, struct exp *cond, struct exp *then_branch,
                       struct exp *else_branch, struct loc loc);
/* A loop is built in two steps: its node when the form is read (the action fills in
 * the form's fields), then the rest. Without init (NULL) the pattern is also the
 * initial value, so it cannot contain `_`: NULL after that error. */
struct exp *ast_loop_form(struct parser *p, enum loop_form_kind form, struct loc loc);
struct exp *ast_loop_exp(struct parser *p, struct pat *pat, struct exp *init,
                         struct exp *form, struct exp *body, struct loc loc);
struct exp *ast_assert_exp(struct parser *p, struct exp *cond, struct exp *e,
                           struct loc loc);
/* #[attr] e. */
struct exp *ast_attr_exp(struct parser *p, struct attr *attr, struct exp *e,
                         struct loc loc);
/* start..second...end and the like; second may be NULL. */
struct exp *ast_range_exp(struct parser *p, struct exp *start, struct exp *second,
                          enum range_end end_kind, struct exp *end, struct loc loc);
/* "text": the array of its UTF-8 bytes, of type [n]u8. */
struct exp *ast_string_exp(struct parser *p, struct lex_string s, struct loc loc);
/* The index start:end:stride; each part may be NULL. */
struct dim_index ast_slice(struct exp *start, struct exp *end, struct exp *stride);

/* match e case p -> e ...: lets and ifs (ast_match.c); NULL after the error when the
 * cases miss some value. The case patterns: one that binds (a name, _, a let
 * pattern), a literal, a tuple or a record of case patterns, and an ascription. */
struct exp *ast_match_exp(struct parser *p, struct exp *scrutinee, struct parse_cases cases,
                          struct loc loc);
struct case_pat *ast_case_pat_bind(struct parser *p, struct pat *pat);
struct case_pat *ast_case_pat_literal(struct parser *p, struct exp *lit, struct loc loc);
struct case_pat *ast_case_pat_tuple(struct parser *p, struct parse_case_pats elems,
                                    struct loc loc);
struct case_pat *ast_case_pat_record(struct parser *p, struct parse_case_fields fields,
                                     struct loc loc);
struct case_pat *ast_case_pat_ascript(struct parser *p, struct case_pat *c,
                                      struct type_exp *type, struct loc loc);

/* Patterns: a name, a tuple, pat : type. */
struct pat *ast_id_pat(struct parser *p, name_t name, struct loc loc);
struct pat *ast_tuple_pat(struct parser *p, struct parse_pats elems, struct loc loc);
struct pat *ast_ascript_pat(struct parser *p, struct pat *pat, struct type_exp *type,
                            struct loc loc);

/* Types: a name, a tuple, [size]elem (size NULL for []), (param_name: param) -> result
 * (param_name may be NULL), ctor applied to a type or a size argument ([] when
 * size_any), and a type parameter. */
struct type_exp *ast_var_type(struct parser *p, struct qual_name name, struct loc loc);
struct type_exp *ast_tuple_type(struct parser *p, struct parse_types elems, struct loc loc);
struct type_exp *ast_array_type(struct parser *p, struct exp *size, struct type_exp *elem,
                                struct loc loc);
struct type_exp *ast_arrow_type(struct parser *p, name_t param_name, struct type_exp *param,
                                struct type_exp *result, struct loc loc);
struct type_exp *ast_apply_type(struct parser *p, struct type_exp *ctor,
                                struct type_exp *type_arg, struct exp *size_arg,
                                bool size_any, struct loc loc);
struct type_param ast_type_param(enum type_param_kind kind, name_t name, struct loc loc);

/* Attributes: #[name] and #[42]. */
struct attr *ast_attr_name(struct parser *p, name_t name, struct loc loc);
struct attr *ast_attr_int(struct parser *p, uint64_t value, struct loc loc);

/* Declarations and specifications. */
struct dec *ast_val_dec(struct parser *p, bool is_entry, struct parse_name name,
                        struct parse_tparams tparams, struct parse_pats params,
                        struct type_exp *ret, struct exp *body, struct loc loc);
struct dec *ast_type_dec(struct parser *p, enum type_param_kind liftedness,
                         struct parse_name name, struct parse_tparams tparams,
                         struct type_exp *type, struct loc loc);
/* #[attr] d: the attribute goes in front of those already read. */
struct dec *ast_add_attr(struct parser *p, struct attr *attr, struct dec *d);
struct spec *ast_val_spec(struct parser *p, name_t name, struct parse_tparams tparams,
                          struct type_exp *type, struct loc loc);
/* type name tparams = type; type NULL for an abstract type. */
struct spec *ast_type_spec(struct parser *p, enum type_param_kind liftedness, name_t name,
                           struct parse_tparams tparams, struct type_exp *type,
                           struct loc loc);
/* The program: the file's doc comment (or NULL) and its declarations, first (or NULL
 * for none) and the rest; it becomes p->program. */
void ast_finish_program(struct parser *p, const char *doc, struct dec *first,
                        struct parse_decs rest);

/* ------------------------------------------------------- check_nesting.c */

/* Reject a tree taller than the lexer's bracket limit, with a fatal error at its
 * deepest node, so that later recursive passes cannot overflow the C stack. See
 * Note [Nesting limit]. */
void parse_check_nesting(const struct program *prog);
void parse_check_spec_nesting(const struct spec *spec);

#endif
