/* The grammar: tokens -> the AST of parser/ast.h.
 *
 * The language is a subset of Futhark's, and so is this grammar: its layers,
 * precedences and shapes follow Futhark's Parser.y (Exp for ascription at the
 * lowest level, Exp2 for the rest, Atom for what binds tightest; the same
 * precedence table, in which an operator's class is its leading characters), so
 * that a program means what it means in Futhark. Actions only build nodes; the
 * helpers they call are at the end of this file.
 *
 * One grammar serves both entry points: the lexer emits a pseudo-token first,
 * START_PROGRAM or START_SPEC, which picks the start rule.
 *
 * Errors: one per failure, reported with what was found and what was expected
 * (yyreport_syntax_error, with LAC so the expected tokens are exact), a note at
 * the innermost unclosed bracket, and specific messages for common mistakes. The
 * parser's stacks may grow to YYMAXDEPTH; bracket nesting is bounded by the lexer
 * and the height of the tree by check_nesting(), so that later recursive passes
 * cannot overflow the C stack. */

%require "3.8"
%define api.pure full
%define api.location.type {struct loc}
%define parse.error custom
%define parse.lac full
%locations
%param {struct parser *parser}

/* No conflicts: every shift/reduce choice is settled by the precedences below,
 * as in Futhark's grammar. */
%expect 0

%code requires {
#include <stdbool.h>
#include <stdint.h>

#include "parser/ast.h"
#include "support/diag.h"
#include "support/prim.h"
#include "support/strtab.h"

struct parser;

/* Values of literal tokens. */
struct lex_int {
  uint64_t value;       /* the magnitude */
  enum prim_type suffix; /* PRIM_NONE when unsuffixed */
  name_t text;          /* as written without suffix (a field name for x.0) */
};

struct lex_float {
  double value;
  const char *text;     /* as written, without '_' and suffix */
  enum prim_type suffix;
};

/* A name with the place it was written. */
struct parse_name {
  name_t name;
  struct loc loc;
};

/* Lists built while parsing: arena arrays grown by VEC_PUSH (support/vec.h). */
#define PARSE_LIST(tag, T) \
  struct tag {             \
    T *items;              \
    int len, cap;          \
  }
PARSE_LIST(parse_exps, struct exp *);
PARSE_LIST(parse_pats, struct pat *);
PARSE_LIST(parse_types, struct type_exp *);
PARSE_LIST(parse_names, struct parse_name);
PARSE_LIST(parse_indices, struct dim_index);
PARSE_LIST(parse_exp_fields, struct exp_field);
PARSE_LIST(parse_pat_fields, struct pat_field);
PARSE_LIST(parse_type_fields, struct type_exp_field);
PARSE_LIST(parse_tparams, struct type_param);
PARSE_LIST(parse_attrs, struct attr *);
PARSE_LIST(parse_decs, struct dec *);
PARSE_LIST(parse_specs, struct spec *);
PARSE_LIST(parse_mod_params, struct mod_param);
#undef PARSE_LIST
}

%code {
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lexer/lexer.h"
#include "parser/parse.h"
#include "support/vec.h"

/* Everything one parse needs; no globals, so the parser can be fuzzed. */
struct parser {
  struct arena *arena; /* the AST arena */
  struct lexer lexer;
  struct program *program; /* the result of START_PROGRAM */
  struct spec *spec;       /* the result of START_SPEC */
};

/* Locations span from the first symbol to the last; an empty rule sits at the end
 * of what came before it. */
#define YYLLOC_DEFAULT(Current, Rhs, N)                                 \
  do {                                                                  \
    if (N) {                                                            \
      (Current) = loc_span(YYRHSLOC(Rhs, 1), YYRHSLOC(Rhs, N));         \
    } else {                                                            \
      (Current) = loc_at_end(YYRHSLOC(Rhs, 0));                         \
    }                                                                   \
  } while (0)

/* Deep but legal programs (long application lists, big literals) need deep stacks;
 * running out is reported as an error (yyerror). */
#define YYMAXDEPTH 200000

static int yylex(YYSTYPE *value, struct loc *loc, struct parser *parser);
static void yyerror(const struct loc *loc, struct parser *parser, const char *msg);

static struct loc loc_at_end(struct loc l);
static void parse_error(struct parser *p, struct loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static struct exp *exp_new(struct parser *p, enum exp_kind kind, struct loc loc);
static struct pat *pat_new(struct parser *p, enum pat_kind kind, struct loc loc);
static struct type_exp *type_new(struct parser *p, enum type_exp_kind kind, struct loc loc);
static struct dec *dec_new(struct parser *p, enum dec_kind kind, struct loc loc);
static struct spec *spec_new(struct parser *p, enum spec_kind kind, struct loc loc);
static struct mod_exp *mod_new(struct parser *p, enum mod_exp_kind kind, struct loc loc);
static struct mod_type_exp *mod_type_new(struct parser *p, enum mod_type_exp_kind kind,
                                         struct loc loc);

static struct qual_name qual_one(name_t name);
static struct qual_name qual_append(struct parser *p, struct qual_name q, name_t name);
static name_t unqualified_op(struct parser *p, struct qual_name op, struct loc loc);
static name_t *names_of(struct parser *p, struct parse_names names);
static struct loc *locs_of(struct parser *p, struct parse_names names);

static struct exp *int_exp(struct parser *p, struct lex_int lit, struct loc loc);
static struct exp *float_exp(struct parser *p, struct lex_float lit, struct loc loc);
static struct exp *bool_exp(struct parser *p, bool value, struct loc loc);
static struct exp *var_exp(struct parser *p, name_t name, struct loc loc);
static struct exp *list_exp(struct parser *p, enum exp_kind kind, struct parse_exps elems,
                            struct loc loc);
static struct exp *pair_exp(struct parser *p, struct exp *first, struct parse_exps rest,
                            struct loc loc);
static struct exp *field_exp(struct parser *p, struct exp *e, struct loc e_loc,
                             struct parse_name field, bool is_number, struct loc loc);
static struct exp *qual_parens_exp(struct parser *p, struct exp *e, struct loc e_loc,
                                   struct exp *body, struct loc loc);
static struct exp *index_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                             struct loc loc);
static struct exp *apply_exp(struct parser *p, struct parse_exps atoms, struct loc loc);
static struct exp *binop_exp(struct parser *p, struct exp *lhs, struct qual_name op,
                             struct loc op_loc, struct exp *rhs, struct loc loc);
static struct exp *op_exp(struct parser *p, struct exp *lhs, name_t op, struct loc op_loc,
                          struct exp *rhs, struct loc loc);
static struct exp *unary_exp(struct parser *p, enum exp_kind kind, struct exp *e,
                             struct loc loc);
static struct exp *section_exp(struct parser *p, enum exp_kind kind, struct qual_name op,
                               struct loc op_loc, struct exp *operand, struct loc loc);
static struct exp *update_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                              struct exp *value, struct loc loc);
static struct exp *record_update_exp(struct parser *p, struct exp *record,
                                     struct parse_names path, struct exp *value,
                                     struct loc loc);
static struct exp *lambda_exp(struct parser *p, struct parse_pats params, struct type_exp *ret,
                              struct exp *body, struct loc loc);
static struct exp *ascript_exp(struct parser *p, enum exp_kind kind, struct exp *e,
                               struct type_exp *type, struct loc loc);
static struct exp *let_exp(struct parser *p, struct parse_names sizes, struct pat *pat,
                           struct exp *value, struct exp *body, struct loc loc);
static struct exp *let_fun_exp(struct parser *p, struct parse_name name,
                               struct parse_tparams tparams, struct parse_pats params,
                               struct type_exp *ret, struct exp *value, struct exp *body,
                               struct loc loc);
static struct exp *let_with_exp(struct parser *p, struct parse_name name,
                                struct parse_indices indices, struct exp *value,
                                struct exp *body, struct loc loc);
static struct exp *if_exp(struct parser *p, struct exp *cond, struct exp *then_branch,
                          struct exp *else_branch, struct loc loc);
static struct exp *loop_form(struct parser *p, enum loop_form_kind form, struct loc loc);
static struct exp *loop_exp(struct parser *p, struct pat *pat, struct exp *init,
                            struct exp *form, struct exp *body, struct loc loc);
static struct exp *assert_exp(struct parser *p, struct exp *cond, struct exp *e,
                              struct loc loc);
static struct exp *attr_exp(struct parser *p, struct attr *attr, struct exp *e,
                            struct loc loc);
static struct dim_index slice(struct exp *start, struct exp *end, struct exp *stride);

static struct pat *id_pat(struct parser *p, name_t name, struct loc loc);
static struct pat *tuple_pat(struct parser *p, struct parse_pats elems, struct loc loc);
static struct pat *ascript_pat(struct parser *p, struct pat *pat, struct type_exp *type,
                               struct loc loc);

static struct type_exp *var_type(struct parser *p, struct qual_name name, struct loc loc);
static struct type_exp *tuple_type(struct parser *p, struct parse_types elems, struct loc loc);
static struct type_exp *array_type(struct parser *p, struct exp *size, struct type_exp *elem,
                                   struct loc loc);
static struct type_exp *arrow_type(struct parser *p, name_t param_name, struct type_exp *param,
                                   struct type_exp *result, struct loc loc);
static struct type_exp *apply_type(struct parser *p, struct type_exp *ctor,
                                   struct type_exp *type_arg, struct exp *size_arg,
                                   bool size_any, struct loc loc);
static struct type_param type_param(enum type_param_kind kind, name_t name, struct loc loc);

static struct attr *attr_name(struct parser *p, name_t name, struct loc loc);
static struct attr *attr_int(struct parser *p, uint64_t value, struct loc loc);

static struct dec *val_dec(struct parser *p, bool is_entry, struct parse_name name,
                           struct parse_tparams tparams, struct parse_pats params,
                           struct type_exp *ret, struct exp *body, struct loc loc);
static struct dec *type_dec(struct parser *p, enum type_param_kind liftedness,
                            struct parse_name name, struct parse_tparams tparams,
                            struct type_exp *type, struct loc loc);
static struct dec *add_attr(struct parser *p, struct attr *attr, struct dec *d);
static struct spec *val_spec(struct parser *p, name_t name, struct parse_tparams tparams,
                             struct type_exp *type, struct loc loc);
static struct spec *type_spec(struct parser *p, enum type_param_kind liftedness, name_t name,
                              struct parse_tparams tparams, struct type_exp *type,
                              struct loc loc);
static void finish_program(struct parser *p, const char *doc, struct dec *first,
                           struct parse_decs rest);
}

%union {
  name_t name;
  struct lex_int integer;
  struct lex_float real;
  const char *text;
  struct parse_name pname;
  struct qual_name qual;
  struct exp *exp;
  struct pat *pat;
  struct type_exp *type;
  struct dec *dec;
  struct spec *spec;
  struct mod_exp *mod;
  struct mod_type_exp *mod_type;
  struct attr *attr;
  struct dim_index index;
  struct exp_field exp_field;
  struct pat_field pat_field;
  struct type_exp_field type_field;
  struct type_param tparam;
  struct mod_param mod_param;
  enum type_param_kind liftedness;
  struct parse_exps exps;
  struct parse_pats pats;
  struct parse_types types;
  struct parse_names names;
  struct parse_indices indices;
  struct parse_exp_fields exp_fields;
  struct parse_pat_fields pat_fields;
  struct parse_type_fields type_fields;
  struct parse_tparams tparams;
  struct parse_attrs attrs;
  struct parse_decs decs;
  struct parse_specs specs;
  struct parse_mod_params mod_params;
}

/* ------------------------------------------------------------------- Tokens */

%token END 0 "end of file"
%token ERROR "lexical error"
%token START_PROGRAM "start of program" START_SPEC "start of specification"

%token <name> ID "identifier"
%token <integer> NATLIT "number"
%token <integer> INTLIT "integer literal"
%token <real> FLOATLIT "float literal"
%token <text> STRINGLIT "string literal"
%token <text> DOC "doc comment"

%token KW_IF "if" KW_THEN "then" KW_ELSE "else" KW_DEF "def" KW_LET "let"
%token KW_LOOP "loop" KW_IN "in" KW_VAL "val" KW_FOR "for" KW_DO "do"
%token KW_WITH "with" KW_LOCAL "local" KW_OPEN "open" KW_INCLUDE "include"
%token KW_IMPORT "import" KW_TYPE "type" KW_ENTRY "entry" KW_MODULE "module"
%token KW_WHILE "while" KW_ASSERT "assert" KW_TRUE "true" KW_FALSE "false"

%token LPAREN "(" RPAREN ")" LBRACKET "[" INDEX_LBRACKET "...[" RBRACKET "]"
%token LBRACE "{" RBRACE "}" HASH_LBRACKET "#[" COMMA "," DOT "."
%token TWO_DOTS ".." THREE_DOTS "..." TWO_DOTS_LT "..<" TWO_DOTS_GT "..>"
%token COLON ":" COLON_GT ":>" BACKSLASH "\\" TILDE "~" APOSTROPHE "'"
%token APOSTROPHE_TILDE "'~" APOSTROPHE_HAT "'^" BACKTICK "`" QUESTION "?"
%token UNDERSCORE "_" ARROW "->" EQUALS "="

/* Operators: the bare ones that also play other roles, whose value is the
 * operator's symbol, then one token per class (Futhark's '+...' and so on), whose
 * value is the operator, maybe qualified (M.+ is one token of the class "+..."). */
%token <name> NEGATE "-" ASTERISK "*" LESS "<" HAT "^" PIPE "|" BANG "!"
%token <qual> OP_PLUS "+..." OP_MINUS "-..." OP_TIMES "*..." OP_DIVIDE "/..."
%token <qual> OP_MOD "%..." OP_QUOT "//..." OP_REM "%%..." OP_EQUAL "==..."
%token <qual> OP_NOT_EQUAL "!=..." OP_LESS "<..." OP_LEQ "<=..." OP_GREATER ">..."
%token <qual> OP_GEQ ">=..." OP_LOG_AND "&&..." OP_LOG_OR "||..." OP_POW "**..."
%token <qual> OP_XOR "^..." OP_BAND "&..." OP_BOR "|..." OP_SHIFT_R ">>..."
%token <qual> OP_SHIFT_L "<<..." OP_PIPE_RIGHT "|>..." OP_PIPE_LEFT "<|..."
%token <qual> OP_BANG "!..." OP_EQU "=..."

/* Precedence, lowest first: Futhark's table. */
%precedence PREC_BOTTOM
%precedence PREC_IF PREC_LET PREC_TYPE
%precedence ID "(" "{"
%precedence ":" ":>"
%left "`"
%right "->"
%precedence "with"
%precedence "="
%left "|>..."
%right "<|..."
%left "||..."
%left "&&..."
%left "<=..." ">=..." ">..." "<" "<..." "==..." "!=..." "!..." "=..."
%left "&..." "^..." "^" "|..." "|"
%left "<<..." ">>..."
%left "+..." "-..." "-"
%left "*..." "*" "/..." "%..." "//..." "%%..."
%left "**..."
%precedence PREC_JUXT
%precedence "[" "...["
%precedence PREC_TOP

%type <name> binding_id binding_binop
%type <qual> binop op_name qual_name
%type <pname> field_id size_binder
%type <exp> exp exp2 binop_exp atom section size_exp loop_form let_exp let_body
%type <exps> exps apply_list
%type <pat> pat param_pat fun_param
%type <pats> pats fun_params fun_params1
%type <pat_field> cfield_pat
%type <pat_fields> cfield_pats cfield_pats1
%type <exp_field> field
%type <exp_fields> fields fields1
%type <names> field_path size_binders
%type <index> dim_index
%type <indices> dim_indices dim_indices1
%type <type> type_exp type_exp_term type_exp_apply type_exp_atom ret_type lambda_ret
%type <types> tuple_types
%type <type_field> field_type
%type <type_fields> field_types field_types1
%type <tparam> type_param type_type_param
%type <tparams> type_params local_fun_type_params
%type <liftedness> liftedness
%type <attr> attr_info attr_atom
%type <attrs> attrs attrs1
%type <dec> dec dec_ val_dec
%type <decs> decs
%type <spec> spec
%type <specs> specs
%type <mod> mod_exp mod_exp_apply mod_exp_atom
%type <mod_type> mod_type_exp mod_type_ascription simple_mod_type_exp mod_lambda_result
%type <mod_param> mod_param
%type <mod_params> mod_params

%%

top:
    START_PROGRAM program
  | START_SPEC spec                     { parser->spec = $2; }
  ;

/* ------------------------------------------------------------ Declarations */

/* A doc comment at the very top is the file's; a second one belongs to the first
 * declaration (Futhark's four cases). */
program:
    %empty
        { finish_program(parser, NULL, NULL, (struct parse_decs){0}); }
  | DOC
        { finish_program(parser, $1, NULL, (struct parse_decs){0}); }
  | DOC DOC dec_ decs                   { $3->doc = $2; finish_program(parser, $1, $3, $4); }
  | DOC dec_ decs                       { finish_program(parser, $1, $2, $3); }
  | dec_ decs                           { finish_program(parser, NULL, $1, $2); }
  ;

decs:
    %empty                              { $$ = (struct parse_decs){0}; }
  | decs dec                            { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

dec:
    dec_
  | DOC dec_                            { $$ = $2; $$->doc = $1; }
  ;

dec_:
    val_dec
  | "type" liftedness ID type_params "=" type_exp
        { $$ = type_dec(parser, $2, (struct parse_name){$3, @3}, $4, $6, @$); }
  | "module" "type" ID "=" mod_type_exp {
      $$ = dec_new(parser, DEC_MOD_TYPE, @$);
      $$->u.mod_type.name = $3;
      $$->u.mod_type.type = $5;
    }
  | "module" ID mod_params mod_type_ascription "=" mod_exp {
      $$ = dec_new(parser, DEC_MOD, @$);
      $$->u.mod.name = $2;
      $$->u.mod.params = $3.items;
      $$->u.mod.param_count = $3.len;
      $$->u.mod.type = $4;
      $$->u.mod.body = $6;
    }
  | "open" mod_exp                      { $$ = dec_new(parser, DEC_OPEN, @$); $$->u.open = $2; }
  | "import" STRINGLIT {
      $$ = dec_new(parser, DEC_IMPORT, @$);
      $$->u.import.path = $2;
      $$->u.import.path_loc = @2;
    }
  | "local" dec                         { $$ = dec_new(parser, DEC_LOCAL, @$); $$->u.local = $2; }
  | "#[" attr_info "]" dec_             { $$ = add_attr(parser, $2, $4); $$->loc = @$; }
  ;

val_dec:
    "def" binding_id type_params fun_params ret_type "=" exp
        { $$ = val_dec(parser, false, (struct parse_name){$2, @2}, $3, $4, $5, $7, @$); }
  | "entry" binding_id type_params fun_params ret_type "=" exp
        { $$ = val_dec(parser, true, (struct parse_name){$2, @2}, $3, $4, $5, $7, @$); }
  | "def" fun_param binding_binop fun_param ret_type "=" exp {
      struct parse_pats params = {0};
      VEC_PUSH(parser->arena, &params, $2);
      VEC_PUSH(parser->arena, &params, $4);
      $$ = val_dec(parser, false, (struct parse_name){$3, @3}, (struct parse_tparams){0},
                   params, $5, $7, @$);
    }
  | "def" "(" pat "," pats ")" "=" exp {
      parse_error(parser, loc_span(@2, @6),
                  "cannot bind patterns at top level; bind a single name instead");
      YYABORT;
    }
  ;

binding_id:
    ID
  | "(" binding_binop ")"               { $$ = $2; }
  ;

binding_binop:
    op_name
        { $$ = unqualified_op(parser, $1, @1); if ($$ == NULL) YYABORT; }
  | "-"
  | "!" {
      parse_error(parser, @1, "'!' is a prefix operator and cannot be used as an infix operator");
      YYABORT;
    }
  ;

/* An operator in a section or a binding: any but the bare `-` (negation) and `!`
 * (prefix); maybe qualified, (M.+). */
op_name:
    "+..." | "-..." | "*..." | "/..." | "%..." | "//..." | "%%..." | "==..."
  | "!=..." | "<..." | "<=..." | ">..." | ">=..." | "&&..." | "||..." | "**..." | "^..."
  | "&..." | "|..." | ">>..." | "<<..." | "<|..." | "|>..." | "!..." | "=..."
  | "*"                                 { $$ = qual_one($1); }
  | "^"                                 { $$ = qual_one($1); }
  | "|"                                 { $$ = qual_one($1); }
  | "<"                                 { $$ = qual_one($1); }
  ;

binop:
    op_name
  | "`" qual_name "`"                   { $$ = $2; }
  ;

ret_type:
    %empty                              { $$ = NULL; }
  | ":" type_exp                        { $$ = $2; }
  ;

type_params:
    %empty                              { $$ = (struct parse_tparams){0}; }
  | type_params type_param              { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

type_param:
    "[" ID "]"                          { $$ = type_param(TPARAM_SIZE, $2, @$); }
  | "...[" ID "]"                       { $$ = type_param(TPARAM_SIZE, $2, @$); }
  | type_type_param
  ;

type_type_param:
    "'" ID                              { $$ = type_param(TPARAM_TYPE, $2, @$); }
  | "'~" ID                             { $$ = type_param(TPARAM_SIZE_LIFTED, $2, @$); }
  | "'^" ID                             { $$ = type_param(TPARAM_LIFTED, $2, @$); }
  ;

/* Local functions need their own type parameters: `let f [n]` (a space before the
 * bracket) starts a function, `let xs[i] = v` an in-place update (Futhark's
 * LocalFunTypeParams). */
local_fun_type_params:
    %empty                              { $$ = (struct parse_tparams){0}; }
  | "[" ID "]" type_params {
      $$ = (struct parse_tparams){0};
      VEC_PUSH(parser->arena, &$$, type_param(TPARAM_SIZE, $2, loc_span(@1, @3)));
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &$$, $4.items[i]);
      }
    }
  | type_type_param type_params {
      $$ = (struct parse_tparams){0};
      VEC_PUSH(parser->arena, &$$, $1);
      for (int i = 0; i < $2.len; i++) {
        VEC_PUSH(parser->arena, &$$, $2.items[i]);
      }
    }
  ;

fun_params:
    %empty                              { $$ = (struct parse_pats){0}; }
  | fun_params fun_param                { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

fun_params1:
    fun_param
        { $$ = (struct parse_pats){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | fun_params1 fun_param               { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

fun_param: param_pat ;

liftedness:
    %empty                              { $$ = TPARAM_TYPE; }
  | "~"                                 { $$ = TPARAM_SIZE_LIFTED; }
  | "^"                                 { $$ = TPARAM_LIFTED; }
  ;

/* ---------------------------------------------------------------- Modules */

mod_params:
    %empty                              { $$ = (struct parse_mod_params){0}; }
  | mod_params mod_param                { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

mod_param:
    "(" ID ":" mod_type_exp ")"         { $$ = (struct mod_param){$2, @$, $4}; }
  ;

mod_type_ascription:
    %empty                              { $$ = NULL; }
  | ":" mod_type_exp                    { $$ = $2; }
  ;

mod_type_exp:
    qual_name                           { $$ = mod_type_new(parser, MTE_VAR, @$); $$->u.var = $1; }
  | "{" specs "}" {
      $$ = mod_type_new(parser, MTE_SPECS, @$);
      $$->u.specs.specs = $2.items;
      $$->u.specs.count = $2.len;
    }
  | mod_type_exp "with" qual_name type_params "=" type_exp_term {
      $$ = mod_type_new(parser, MTE_WITH, @$);
      $$->u.with.base = $1;
      $$->u.with.type_name = $3;
      $$->u.with.type_params = $4.items;
      $$->u.with.type_param_count = $4.len;
      $$->u.with.type = $6;
    }
  | "(" mod_type_exp ")"                { $$ = $2; }
  | "(" ID ":" mod_type_exp ")" "->" mod_type_exp {
      $$ = mod_type_new(parser, MTE_ARROW, @$);
      $$->u.arrow.param_name = $2;
      $$->u.arrow.param = $4;
      $$->u.arrow.result = $7;
    }
  | mod_type_exp "->" mod_type_exp {
      $$ = mod_type_new(parser, MTE_ARROW, @$);
      $$->u.arrow.param = $1;
      $$->u.arrow.result = $3;
    }
  ;

specs:
    %empty                              { $$ = (struct parse_specs){0}; }
  | specs spec                          { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

spec:
    "val" ID type_params ":" type_exp   { $$ = val_spec(parser, $2, $3, $5, @$); }
  | "val" binding_binop type_params ":" type_exp
                                        { $$ = val_spec(parser, $2, $3, $5, @$); }
  | "type" liftedness ID type_params "=" type_exp
                                        { $$ = type_spec(parser, $2, $3, $4, $6, @$); }
  | "type" liftedness ID type_params    { $$ = type_spec(parser, $2, $3, $4, NULL, @$); }
  | "module" ID ":" mod_type_exp {
      $$ = spec_new(parser, SPEC_MODULE, @$);
      $$->name = $2;
      $$->mod_type = $4;
    }
  | "include" mod_type_exp
        { $$ = spec_new(parser, SPEC_INCLUDE, @$); $$->mod_type = $2; }
  | DOC spec                            { $$ = $2; $$->doc = $1; }
  ;

mod_exp:
    mod_exp ":" mod_type_exp {
      $$ = mod_new(parser, MOD_ASCRIPT, @$);
      $$->u.ascript.mod = $1;
      $$->u.ascript.type = $3;
    }
  | "\\" mod_param mod_lambda_result "->" mod_exp {
      $$ = mod_new(parser, MOD_LAMBDA, @$);
      $$->u.lambda.param = $2;
      $$->u.lambda.result = $3;
      $$->u.lambda.body = $5;
    }
  | "import" STRINGLIT
        { $$ = mod_new(parser, MOD_IMPORT, @$); $$->u.import.path = $2; }
  | mod_exp_apply
  | mod_exp_atom
  ;

mod_exp_apply:
    mod_exp_atom mod_exp_atom {
      $$ = mod_new(parser, MOD_APPLY, @$);
      $$->u.apply.fn = $1;
      $$->u.apply.arg = $2;
    }
  | mod_exp_apply mod_exp_atom {
      $$ = mod_new(parser, MOD_APPLY, @$);
      $$->u.apply.fn = $1;
      $$->u.apply.arg = $2;
    }
  ;

mod_exp_atom:
    "(" mod_exp ")"                     { $$ = $2; }
  | qual_name                           { $$ = mod_new(parser, MOD_VAR, @$); $$->u.var = $1; }
  | "{" decs "}" {
      $$ = mod_new(parser, MOD_DECS, @$);
      $$->u.decs.decs = $2.items;
      $$->u.decs.count = $2.len;
    }
  ;

mod_lambda_result:
    %empty                              { $$ = NULL; }
  | ":" simple_mod_type_exp             { $$ = $2; }
  ;

simple_mod_type_exp:
    qual_name                           { $$ = mod_type_new(parser, MTE_VAR, @$); $$->u.var = $1; }
  | "(" mod_type_exp ")"                { $$ = $2; }
  ;

qual_name:
    ID                                  { $$ = qual_one($1); }
  | qual_name "." ID                    { $$ = qual_append(parser, $1, $3); }
  ;

/* ------------------------------------------------------------ Expressions */

/* Ascription is kept out of Exp2, so that `a[i:j]` is a slice. */
exp:
    exp ":" type_exp                    { $$ = ascript_exp(parser, EXP_ASCRIPT, $1, $3, @$); }
  | exp ":>" type_exp                   { $$ = ascript_exp(parser, EXP_COERCE, $1, $3, @$); }
  | exp2 %prec ":"
  ;

exp2:
    "if" exp "then" exp "else" exp %prec PREC_IF
                                        { $$ = if_exp(parser, $2, $4, $6, @$); }
  | "loop" pat loop_form "do" exp %prec PREC_IF
        { $$ = loop_exp(parser, $2, NULL, $3, $5, @$); if ($$ == NULL) YYABORT; }
  | "loop" pat "=" exp loop_form "do" exp %prec PREC_IF
                                        { $$ = loop_exp(parser, $2, $4, $5, $7, @$); }
  | let_exp %prec PREC_LET
  | "assert" atom atom                  { $$ = assert_exp(parser, $2, $3, @$); }
  | "#[" attr_info "]" exp %prec PREC_BOTTOM
                                        { $$ = attr_exp(parser, $2, $4, @$); }
  | binop_exp
  | "-" exp2 %prec PREC_JUXT            { $$ = unary_exp(parser, EXP_NEGATE, $2, @$); }
  | "!" exp2 %prec PREC_JUXT            { $$ = unary_exp(parser, EXP_NOT, $2, @$); }
  | exp2 "with" "[" dim_indices "]" "=" exp2
                                        { $$ = update_exp(parser, $1, $4, $7, @$); }
  | exp2 "with" "...[" dim_indices "]" "=" exp2
                                        { $$ = update_exp(parser, $1, $4, $7, @$); }
  | exp2 "with" field_path "=" exp2     { $$ = record_update_exp(parser, $1, $3, $5, @$); }
  | "\\" fun_params1 lambda_ret "->" exp %prec PREC_LET
                                        { $$ = lambda_exp(parser, $2, $3, $5, @$); }
  | apply_list
        { $$ = apply_exp(parser, $1, @$); if ($$ == NULL) YYABORT; }
  ;

apply_list:
    atom %prec PREC_JUXT
        { $$ = (struct parse_exps){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | apply_list atom                     { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;


binop_exp:
    exp2 "+..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "-..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "-" exp2       { $$ = op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "*..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "*" exp2       { $$ = op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "/..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "%..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "//..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "%%..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "**..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 ">>..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<<..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "&..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "|..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "|" exp2       { $$ = op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "&&..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "||..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "^..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "^" exp2       { $$ = op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "==..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "!=..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<=..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 ">..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 ">=..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "|>..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<|..." exp2   { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<" exp2       { $$ = op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "!..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "=..." exp2    { $$ = binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "`" qual_name "`" exp2
                        { $$ = binop_exp(parser, $1, $3, loc_span(@2, @4), $5, @$); }
  ;

atom:
    NATLIT                              { $$ = int_exp(parser, $1, @$); }
  | INTLIT                              { $$ = int_exp(parser, $1, @$); }
  | FLOATLIT                            { $$ = float_exp(parser, $1, @$); }
  | "true"                              { $$ = bool_exp(parser, true, @$); }
  | "false"                             { $$ = bool_exp(parser, false, @$); }
  | "(" exp ")"                         { $$ = $2; }
  | "(" exp "," exps ")"                { $$ = pair_exp(parser, $2, $4, @$); }
  | "(" exp "," exps "," ")"            { $$ = pair_exp(parser, $2, $4, @$); }
  | "(" ")"
        { $$ = list_exp(parser, EXP_TUPLE, (struct parse_exps){0}, @$); }
  | "[" exps "]"                        { $$ = list_exp(parser, EXP_ARRAY, $2, @$); }
  | "[" exps "," "]"                    { $$ = list_exp(parser, EXP_ARRAY, $2, @$); }
  | "[" "]"
        { $$ = list_exp(parser, EXP_ARRAY, (struct parse_exps){0}, @$); }
  | ID                                  { $$ = var_exp(parser, $1, @$); }
  | atom "." ID
        { $$ = field_exp(parser, $1, @1, (struct parse_name){$3, @3}, false, @$); }
  | atom "." NATLIT
        { $$ = field_exp(parser, $1, @1, (struct parse_name){$3.text, @3}, true, @$); }
  | atom "." "(" exp ")"
        { $$ = qual_parens_exp(parser, $1, @1, $4, @$); if ($$ == NULL) YYABORT; }
  | atom "...[" dim_indices "]"         { $$ = index_exp(parser, $1, $3, @$); }
  | "{" fields "}" {
      $$ = exp_new(parser, EXP_RECORD, @$);
      $$->u.record.fields = $2.items;
      $$->u.record.count = $2.len;
    }
  | section
  ;

/* Sections: (-) and (x -) are written out because a bare `-` is also negation. */
section:
    "(" "-" ")"
        { $$ = section_exp(parser, EXP_SECTION_OP, qual_one($2), @2, NULL, @$); }
  | "(" exp2 "-" ")"
        { $$ = section_exp(parser, EXP_SECTION_LEFT, qual_one($3), @3, $2, @$); }
  | "(" binop exp2 ")"
        { $$ = section_exp(parser, EXP_SECTION_RIGHT, $2, @2, $3, @$); }
  | "(" exp2 binop ")"
        { $$ = section_exp(parser, EXP_SECTION_LEFT, $3, @3, $2, @$); }
  | "(" binop ")"
        { $$ = section_exp(parser, EXP_SECTION_OP, $2, @2, NULL, @$); }
  | "(" "." field_path ")" {
      $$ = exp_new(parser, EXP_SECTION_PROJECT, @$);
      $$->u.section_project.fields = names_of(parser, $3);
      $$->u.section_project.count = $3.len;
    }
  | "(" "." "[" dim_indices "]" ")" {
      $$ = exp_new(parser, EXP_SECTION_INDEX, @$);
      $$->u.section_index.indices = $4.items;
      $$->u.section_index.count = $4.len;
    }
  ;

exps:
    exp
        { $$ = (struct parse_exps){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | exps "," exp                        { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

field_id:
    ID                                  { $$ = (struct parse_name){$1, @1}; }
  | NATLIT                              { $$ = (struct parse_name){$1.text, @1}; }
  ;

field_path:
    field_id
        { $$ = (struct parse_names){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | field_path "." field_id             { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

fields:
    %empty                              { $$ = (struct parse_exp_fields){0}; }
  | fields1
  | fields1 ","
  ;

fields1:
    field
        { $$ = (struct parse_exp_fields){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | fields1 "," field                   { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

field:
    field_id "=" exp
        { $$ = (struct exp_field){.name = $1.name, .loc = @$, .value = $3}; }
  | ID                                  { $$ = (struct exp_field){.name = $1, .loc = @$}; }
  ;

dim_indices:
    %empty                              { $$ = (struct parse_indices){0}; }
  | dim_indices1
  ;

dim_indices1:
    dim_index
        { $$ = (struct parse_indices){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | dim_indices1 "," dim_index          { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

dim_index:
    exp2                                { $$ = (struct dim_index){.fixed = $1}; }
  | exp2 ":" exp2                       { $$ = slice($1, $3, NULL); }
  | exp2 ":"                            { $$ = slice($1, NULL, NULL); }
  | ":" exp2                            { $$ = slice(NULL, $2, NULL); }
  | ":"                                 { $$ = slice(NULL, NULL, NULL); }
  | exp2 ":" exp2 ":" exp2              { $$ = slice($1, $3, $5); }
  | ":" exp2 ":" exp2                   { $$ = slice(NULL, $2, $4); }
  | exp2 ":" ":" exp2                   { $$ = slice($1, NULL, $4); }
  | ":" ":" exp2                        { $$ = slice(NULL, NULL, $3); }
  ;

let_exp:
    "let" size_binders pat "=" exp let_body
                                        { $$ = let_exp(parser, $2, $3, $5, $6, @$); }
  | "let" pat "=" exp let_body
        { $$ = let_exp(parser, (struct parse_names){0}, $2, $4, $5, @$); }
  | "let" ID local_fun_type_params fun_params1 ret_type "=" exp let_body
        { $$ = let_fun_exp(parser, (struct parse_name){$2, @2}, $3, $4, $5, $7, $8, @$); }
  | "let" ID "...[" dim_indices "]" "=" exp let_body
        { $$ = let_with_exp(parser, (struct parse_name){$2, @2}, $4, $7, $8, @$); }
  ;

/* `let a = 1 let b = 2 in a + b`: a let without `in` continues with the next. */
let_body:
    "in" exp %prec PREC_LET             { $$ = $2; }
  | let_exp %prec PREC_LET
  ;

size_binders:
    size_binder
        { $$ = (struct parse_names){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | size_binders size_binder            { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

size_binder:
    "[" ID "]"                          { $$ = (struct parse_name){$2, @$}; }
  | "...[" ID "]"                       { $$ = (struct parse_name){$2, @$}; }
  ;

loop_form:
    "for" ID "<" exp {
      $$ = loop_form(parser, LOOP_FOR, @$);
      $$->u.loop.index_name = $2;
      $$->u.loop.index_loc = @2;
      $$->u.loop.bound = $4;
    }
  | "for" pat "in" exp {
      $$ = loop_form(parser, LOOP_FOR_IN, @$);
      $$->u.loop.for_in_pat = $2;
      $$->u.loop.for_in_array = $4;
    }
  | "while" exp
        { $$ = loop_form(parser, LOOP_WHILE, @$); $$->u.loop.bound = $2; }
  ;

lambda_ret:
    %empty                              { $$ = NULL; }
  | ":" type_exp_term                   { $$ = $2; }
  ;

/* --------------------------------------------------------------- Patterns */

pat:
    param_pat ":" type_exp              { $$ = ascript_pat(parser, $1, $3, @$); }
  | param_pat
  ;

param_pat:
    ID                                  { $$ = id_pat(parser, $1, @$); }
  | "(" binding_binop ")"               { $$ = id_pat(parser, $2, @$); }
  | "_"                                 { $$ = pat_new(parser, PAT_WILDCARD, @$); }
  | "(" ")"                             { $$ = tuple_pat(parser, (struct parse_pats){0}, @$); }
  | "(" pat ")"                         { $$ = $2; }
  | "(" pat "," pats ")" {
      struct parse_pats elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = tuple_pat(parser, elems, @$);
    }
  | "(" pat "," pats "," ")" {
      struct parse_pats elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = tuple_pat(parser, elems, @$);
    }
  | "{" cfield_pats "}" {
      $$ = pat_new(parser, PAT_RECORD, @$);
      $$->u.record.fields = $2.items;
      $$->u.record.count = $2.len;
    }
  ;

pats:
    pat
        { $$ = (struct parse_pats){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | pats "," pat                        { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

cfield_pats:
    %empty                              { $$ = (struct parse_pat_fields){0}; }
  | cfield_pats1
  | cfield_pats1 ","
  ;

cfield_pats1:
    cfield_pat
        { $$ = (struct parse_pat_fields){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | cfield_pats1 "," cfield_pat         { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

cfield_pat:
    field_id "=" pat                    { $$ = (struct pat_field){$1.name, @$, $3}; }
  | ID ":" type_exp {
      $$ = (struct pat_field){$1, @$, ascript_pat(parser, id_pat(parser, $1, @1), $3, @$)};
    }
  | ID
        { $$ = (struct pat_field){$1, @$, id_pat(parser, $1, @1)}; }
  ;

/* ------------------------------------------------------------------ Types */

type_exp:
    "(" ID ":" type_exp ")" "->" type_exp
                                        { $$ = arrow_type(parser, $2, $4, $7, @$); }
  | type_exp_term "->" type_exp         { $$ = arrow_type(parser, NULL, $1, $3, @$); }
  | "?" size_binders "." type_exp {
      $$ = type_new(parser, TE_EXIST, @$);
      $$->u.exist.names = names_of(parser, $2);
      $$->u.exist.count = $2.len;
      $$->u.exist.body = $4;
    }
  | type_exp_term %prec PREC_TYPE
  ;

type_exp_term:
    "*" type_exp_term
        { $$ = type_new(parser, TE_UNIQUE, @$); $$->u.unique = $2; }
  | type_exp_apply %prec PREC_TYPE
  ;

/* `vec [n] f32` is (vec [n]) f32: a size argument binds tightest (Futhark's
 * %prec top on TypeArg). */
type_exp_apply:
    type_exp_apply size_exp %prec PREC_TOP
                                        { $$ = apply_type(parser, $1, NULL, $2, $2 == NULL, @$); }
  | type_exp_apply type_exp_atom        { $$ = apply_type(parser, $1, $2, NULL, false, @$); }
  | type_exp_atom
  ;

type_exp_atom:
    "(" type_exp ")"                    { $$ = $2; }
  | "(" ")"                             { $$ = tuple_type(parser, (struct parse_types){0}, @$); }
  | "(" type_exp "," tuple_types ")" {
      struct parse_types elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = tuple_type(parser, elems, @$);
    }
  | "(" type_exp "," tuple_types "," ")" {
      struct parse_types elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = tuple_type(parser, elems, @$);
    }
  | "{" field_types "}" {
      $$ = type_new(parser, TE_RECORD, @$);
      $$->u.record.fields = $2.items;
      $$->u.record.count = $2.len;
    }
  | size_exp type_exp_term              { $$ = array_type(parser, $1, $2, @$); }
  | qual_name                           { $$ = var_type(parser, $1, @$); }
  ;

/* [n], [n*2], or [] for any size (the value is NULL). */
size_exp:
    "[" exp "]"                         { $$ = $2; }
  | "[" "]"                             { $$ = NULL; }
  | "...[" exp "]"                      { $$ = $2; }
  | "...[" "]"                          { $$ = NULL; }
  ;

tuple_types:
    type_exp
        { $$ = (struct parse_types){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | tuple_types "," type_exp            { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

field_types:
    %empty                              { $$ = (struct parse_type_fields){0}; }
  | field_types1
  | field_types1 ","
  ;

field_types1:
    field_type
        { $$ = (struct parse_type_fields){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | field_types1 "," field_type         { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

field_type:
    field_id ":" type_exp               { $$ = (struct type_exp_field){$1.name, @$, $3}; }
  ;

/* ------------------------------------------------------------- Attributes */

attr_info:
    attr_atom
  | ID "(" attrs ")" {
      $$ = attr_name(parser, $1, @$);
      $$->args = $3.items;
      $$->arg_count = $3.len;
      $$->has_args = true;
    }
  ;

attr_atom:
    ID                                  { $$ = attr_name(parser, $1, @$); }
  | INTLIT                              { $$ = attr_int(parser, $1.value, @$); }
  | NATLIT                              { $$ = attr_int(parser, $1.value, @$); }
  ;

attrs:
    %empty                              { $$ = (struct parse_attrs){0}; }
  | attrs1
  ;

attrs1:
    attr_info
        { $$ = (struct parse_attrs){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | attrs1 "," attr_info                { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

%%

static int yylex(YYSTYPE *value, struct loc *loc, struct parser *parser) {
  return lex_next(&parser->lexer, value, loc);
}

static struct loc loc_at_end(struct loc l) {
  return (struct loc){l.file, l.end_line, l.end_col, l.end_line, l.end_col};
}

static bool loc_equal(struct loc a, struct loc b) {
  return a.file == b.file && a.line == b.line && a.col == b.col && a.end_line == b.end_line &&
         a.end_col == b.end_col;
}

/* ---------------------------------------------------------------- Errors */

/* An error found by an action; the action then stops the parse with YYABORT. */
static void parse_error(struct parser *p, struct loc loc, const char *fmt, ...) {
  (void)p;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  diag_error(loc, "%s", buf);
}

/* Bison reports only stack exhaustion here; everything else goes through
 * yyreport_syntax_error. */
static void yyerror(const struct loc *loc, struct parser *parser, const char *msg) {
  (void)parser;
  diag_error(*loc, "nesting too deep (the parser ran out of stack: %s)", msg);
}

static bool is_operator_symbol(yysymbol_kind_t s) {
  /* The operator tokens are declared together, from "-" to "=...". */
  return (s >= YYSYMBOL_NEGATE && s <= YYSYMBOL_OP_EQU && s != YYSYMBOL_BANG) ||
         s == YYSYMBOL_BACKTICK;
}

/* What the parser found, for "unexpected ...". */
static const char *describe_found(struct parser *p, yysymbol_kind_t s) {
  const char *text = lex_token_text(&p->lexer, p->arena);
  switch (s) {
  case YYSYMBOL_YYEOF:
    return "end of file";
  case YYSYMBOL_ID:
    return arena_printf(p->arena, "identifier '%s'", text);
  case YYSYMBOL_NATLIT:
  case YYSYMBOL_INTLIT:
    return arena_printf(p->arena, "integer literal '%s'", text);
  case YYSYMBOL_FLOATLIT:
    return arena_printf(p->arena, "float literal '%s'", text);
  case YYSYMBOL_STRINGLIT:
    return "string literal";
  default:
    if (is_operator_symbol(s) || s == YYSYMBOL_BANG) {
      return arena_printf(p->arena, "operator '%s'", text);
    }
    return arena_printf(p->arena, "'%s'", text);
  }
}

static bool has_symbol(const yysymbol_kind_t *set, int n, yysymbol_kind_t s) {
  for (int i = 0; i < n; i++) {
    if (set[i] == s) {
      return true;
    }
  }
  return false;
}

static bool in_list(const yysymbol_kind_t *list, size_t n, yysymbol_kind_t s) {
  return has_symbol(list, (int)n, s);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const yysymbol_kind_t expression_start[] = {
    YYSYMBOL_ID,        YYSYMBOL_NATLIT,    YYSYMBOL_INTLIT, YYSYMBOL_FLOATLIT,
    YYSYMBOL_KW_TRUE,   YYSYMBOL_KW_FALSE,  YYSYMBOL_LPAREN, YYSYMBOL_LBRACKET,
    YYSYMBOL_LBRACE,    YYSYMBOL_BACKSLASH, YYSYMBOL_KW_IF,  YYSYMBOL_KW_LET,
    YYSYMBOL_KW_LOOP,   YYSYMBOL_KW_ASSERT, YYSYMBOL_NEGATE, YYSYMBOL_BANG,
    YYSYMBOL_HASH_LBRACKET,
};
static const yysymbol_kind_t expression_continuation[] = {
    YYSYMBOL_INDEX_LBRACKET, YYSYMBOL_DOT, YYSYMBOL_KW_WITH, YYSYMBOL_COLON, YYSYMBOL_COLON_GT,
};
static const yysymbol_kind_t type_start[] = {
    YYSYMBOL_ID,       YYSYMBOL_LPAREN,   YYSYMBOL_LBRACE, YYSYMBOL_LBRACKET,
    YYSYMBOL_INDEX_LBRACKET, YYSYMBOL_ASTERISK, YYSYMBOL_QUESTION,
};
static const yysymbol_kind_t pattern_start[] = {
    YYSYMBOL_ID, YYSYMBOL_LPAREN, YYSYMBOL_LBRACE, YYSYMBOL_UNDERSCORE,
};
static const yysymbol_kind_t type_parameter_start[] = {
    YYSYMBOL_APOSTROPHE, YYSYMBOL_APOSTROPHE_TILDE, YYSYMBOL_APOSTROPHE_HAT,
};
static const yysymbol_kind_t declaration_start[] = {
    YYSYMBOL_KW_DEF,   YYSYMBOL_KW_ENTRY, YYSYMBOL_KW_TYPE,  YYSYMBOL_KW_MODULE,
    YYSYMBOL_KW_OPEN,  YYSYMBOL_KW_IMPORT, YYSYMBOL_KW_LOCAL, YYSYMBOL_HASH_LBRACKET,
    YYSYMBOL_DOC,
};
/* Tokens that say most about what is missing come first in the expected list. */
static const yysymbol_kind_t structural[] = {
    YYSYMBOL_RPAREN,  YYSYMBOL_RBRACKET, YYSYMBOL_RBRACE, YYSYMBOL_KW_IN, YYSYMBOL_KW_THEN,
    YYSYMBOL_KW_ELSE, YYSYMBOL_KW_DO,    YYSYMBOL_EQUALS, YYSYMBOL_ARROW, YYSYMBOL_COMMA,
};

enum { MAX_EXPECTED = 5 };

/* "a, b, c" -> "a, b or c" (names contain no ", "). */
static const char *last_comma_to_or(struct parser *p, const char *list, int count) {
  const char *last = count > 1 ? strstr(list, ", ") : NULL;
  for (const char *q = last; q != NULL; q = strstr(q + 2, ", ")) {
    last = q;
  }
  if (last == NULL) {
    return list;
  }
  return arena_printf(p->arena, "%.*s or %s", (int)(last - list), list, last + 2);
}

/* What the message will name: a token or a category, and how early to name it. */
struct expected {
  const char *texts[YYNTOKENS];
  int ranks[YYNTOKENS]; /* 0: tokens that close constructs, 1: categories, 2: the rest */
  int count;
  bool absorbed[YYNTOKENS]; /* tokens a category already stands for */
};

static void add_expected(struct expected *e, const char *text, int rank) {
  for (int i = 0; i < e->count; i++) {
    if (strcmp(e->texts[i], text) == 0) {
      return;
    }
  }
  if (e->count < YYNTOKENS) {
    e->texts[e->count] = text;
    e->ranks[e->count++] = rank;
  }
}

static void absorb(struct expected *e, const yysymbol_kind_t *members, size_t count) {
  for (size_t i = 0; i < count; i++) {
    e->absorbed[members[i]] = true;
  }
}

/* A token as the user wrote it: both kinds of '[' look the same. */
static const char *token_spelling(yysymbol_kind_t s) {
  return s == YYSYMBOL_INDEX_LBRACKET ? "[" : yysymbol_name(s);
}

/* The categories present in the expected set, each marked by a token only it can
 * start with, and the tokens they stand for. */
static void add_categories(struct expected *e, const yysymbol_kind_t *set, int n) {
  static const struct {
    yysymbol_kind_t marker;
    const char *name;
    const yysymbol_kind_t *members;
    size_t member_count;
  } categories[] = {
      {YYSYMBOL_KW_DEF, "declaration", declaration_start, COUNT(declaration_start)},
      {YYSYMBOL_KW_IF, "expression", expression_start, COUNT(expression_start)},
      {YYSYMBOL_QUESTION, "type", type_start, COUNT(type_start)},
      {YYSYMBOL_UNDERSCORE, "pattern", pattern_start, COUNT(pattern_start)},
      {YYSYMBOL_APOSTROPHE, "type parameter", type_parameter_start,
       COUNT(type_parameter_start)},
  };
  for (size_t c = 0; c < COUNT(categories); c++) {
    if (has_symbol(set, n, categories[c].marker)) {
      add_expected(e, categories[c].name, 1);
      absorb(e, categories[c].members, categories[c].member_count);
    }
  }
  if (has_symbol(set, n, YYSYMBOL_OP_PLUS)) {
    /* After a complete expression: operators, and arguments or postfixes. */
    add_expected(e, "operator", 1);
    absorb(e, expression_start, COUNT(expression_start));
    absorb(e, expression_continuation, COUNT(expression_continuation));
    for (int i = 0; i < n; i++) {
      e->absorbed[set[i]] |= is_operator_symbol(set[i]);
    }
  }
}

/* The expected tokens in words: whole categories ("expression", "type",
 * "pattern", "declaration", "operator") stand for the tokens that start them, and
 * at most MAX_EXPECTED alternatives are named. See Note [Expected tokens]. */
static const char *describe_expected(struct parser *p, const yysymbol_kind_t *set, int n) {
  struct expected e = {.count = 0};
  add_categories(&e, set, n);
  for (int i = 0; i < n; i++) {
    yysymbol_kind_t s = set[i];
    if (e.absorbed[s]) {
      continue;
    }
    /* The tokens up to DOC are named by what they are, the others by spelling. */
    const char *text = s <= YYSYMBOL_DOC ? yysymbol_name(s)
                                         : arena_printf(p->arena, "'%s'", token_spelling(s));
    add_expected(&e, text, in_list(structural, COUNT(structural), s) ? 0 : 2);
  }
  const char *list = "";
  int shown = 0;
  for (int rank = 0; rank <= 2; rank++) {
    for (int i = 0; i < e.count && shown < MAX_EXPECTED; i++) {
      if (e.ranks[i] == rank) {
        const char *sep = shown == 0 ? "" : ", ";
        list = arena_printf(p->arena, "%s%s%s", list, sep, e.texts[i]);
        shown++;
      }
    }
  }
  return last_comma_to_or(p, list, shown);
}

static bool is_declaration_keyword(yysymbol_kind_t s) {
  return s == YYSYMBOL_KW_DEF || s == YYSYMBOL_KW_ENTRY || s == YYSYMBOL_KW_TYPE ||
         s == YYSYMBOL_KW_MODULE || s == YYSYMBOL_KW_OPEN || s == YYSYMBOL_KW_IMPORT ||
         s == YYSYMBOL_KW_LOCAL;
}

/* When the error is inside a bracket, the place where it was opened helps. */
static void note_open_bracket(struct parser *p) {
  const struct lex_bracket *b = lex_open_bracket(&p->lexer);
  if (b != NULL) {
    diag_note(b->loc, "to match this '%s' opened here", b->opener);
  }
}

/* Note [Expected tokens]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * With LAC (parse.lac full), the tokens Bison lists as expected are exactly those
 * that could follow, even after default reductions. Listed one by one they would
 * be dozens after an expression (every operator, every token that starts an
 * argument), so describe_expected names categories instead, marked by a token
 * only they can start with ('if' for expression, '?' for type, '_' for pattern,
 * 'def' for declaration, '+' for operator, an apostrophe for type parameter),
 * names both kinds of '[' alike, and puts the tokens that close
 * constructs first: "unexpected end of file, expected ')', ',' or operator". */
static int yyreport_syntax_error(const yypcontext_t *ctx, struct parser *parser) {
  yysymbol_kind_t found = yypcontext_token(ctx);
  struct loc loc = *yypcontext_location(ctx);
  if (found == YYSYMBOL_ERROR) {
    diag_error(loc, "%s", parser->lexer.error);
    return 0;
  }
  if (found == YYSYMBOL_DOC) {
    diag_error(loc, "doc comments ('-- |') may only come before a declaration or a "
                    "specification");
    return 0;
  }
  yysymbol_kind_t expected[YYNTOKENS];
  int n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
  if (n < 0) {
    n = 0; /* LAC ran out of stack: report without the expected tokens */
  }
  const char *what = describe_found(parser, found);
  if (found == YYSYMBOL_UNDERSCORE && (has_symbol(expected, n, YYSYMBOL_KW_IF) ||
                                       has_symbol(expected, n, YYSYMBOL_ID))) {
    /* As in Futhark, '_' only ever binds nothing: it is not a value. */
    diag_error(loc, "'_' is not a value: it may only stand for a pattern that binds "
                    "nothing (or a size in a type)");
  } else if (has_symbol(expected, n, YYSYMBOL_KW_IN) &&
      (is_declaration_keyword(found) || found == YYSYMBOL_YYEOF)) {
    diag_error(loc, "unexpected %s; missing 'in'?", what);
  } else {
    const char *list = describe_expected(parser, expected, n);
    if (list[0] != '\0') {
      diag_error(loc, "unexpected %s, expected %s", what, list);
    } else {
      diag_error(loc, "unexpected %s", what);
    }
  }
  note_open_bracket(parser);
  return 0;
}

/* ----------------------------------------------------------------- Nodes */

static struct exp *exp_new(struct parser *p, enum exp_kind kind, struct loc loc) {
  struct exp *e = ARENA_NEW(p->arena, struct exp);
  e->kind = kind;
  e->loc = loc;
  return e;
}

static struct pat *pat_new(struct parser *p, enum pat_kind kind, struct loc loc) {
  struct pat *pat = ARENA_NEW(p->arena, struct pat);
  pat->kind = kind;
  pat->loc = loc;
  return pat;
}

static struct type_exp *type_new(struct parser *p, enum type_exp_kind kind, struct loc loc) {
  struct type_exp *t = ARENA_NEW(p->arena, struct type_exp);
  t->kind = kind;
  t->loc = loc;
  return t;
}

static struct dec *dec_new(struct parser *p, enum dec_kind kind, struct loc loc) {
  struct dec *d = ARENA_NEW(p->arena, struct dec);
  d->kind = kind;
  d->loc = loc;
  return d;
}

static struct spec *spec_new(struct parser *p, enum spec_kind kind, struct loc loc) {
  struct spec *s = ARENA_NEW(p->arena, struct spec);
  s->kind = kind;
  s->loc = loc;
  return s;
}

static struct mod_exp *mod_new(struct parser *p, enum mod_exp_kind kind, struct loc loc) {
  struct mod_exp *m = ARENA_NEW(p->arena, struct mod_exp);
  m->kind = kind;
  m->loc = loc;
  return m;
}

static struct mod_type_exp *mod_type_new(struct parser *p, enum mod_type_exp_kind kind,
                                         struct loc loc) {
  struct mod_type_exp *m = ARENA_NEW(p->arena, struct mod_type_exp);
  m->kind = kind;
  m->loc = loc;
  return m;
}

static struct qual_name qual_one(name_t name) {
  return (struct qual_name){NULL, 0, name};
}

/* q.name: the old last name becomes a qualifier. */
static struct qual_name qual_append(struct parser *p, struct qual_name q, name_t name) {
  name_t *quals = ARENA_ARRAY(p->arena, name_t, q.qual_count + 1);
  for (int i = 0; i < q.qual_count; i++) {
    quals[i] = q.quals[i];
  }
  quals[q.qual_count] = q.name;
  return (struct qual_name){quals, q.qual_count + 1, name};
}

/* An operator being defined, (+): it must be unqualified. NULL after an error. */
static name_t unqualified_op(struct parser *p, struct qual_name op, struct loc loc) {
  if (op.qual_count == 0) {
    return op.name;
  }
  const char *text = "";
  for (int i = 0; i < op.qual_count; i++) {
    text = arena_printf(p->arena, "%s%s.", text, op.quals[i]);
  }
  parse_error(p, loc, "cannot define a qualified operator '%s%s'; write '%s' without the "
                      "qualifier", text, op.name, op.name);
  return NULL;
}

static name_t *names_of(struct parser *p, struct parse_names names) {
  if (names.len == 0) {
    return NULL;
  }
  name_t *out = ARENA_ARRAY(p->arena, name_t, names.len);
  for (int i = 0; i < names.len; i++) {
    out[i] = names.items[i].name;
  }
  return out;
}

static struct loc *locs_of(struct parser *p, struct parse_names names) {
  if (names.len == 0) {
    return NULL;
  }
  struct loc *out = ARENA_ARRAY(p->arena, struct loc, names.len);
  for (int i = 0; i < names.len; i++) {
    out[i] = names.items[i].loc;
  }
  return out;
}

static struct exp *int_exp(struct parser *p, struct lex_int lit, struct loc loc) {
  struct exp *e = exp_new(p, EXP_INT, loc);
  e->u.int_lit.value = lit.value;
  e->u.int_lit.suffix = lit.suffix;
  return e;
}

static struct exp *float_exp(struct parser *p, struct lex_float lit, struct loc loc) {
  struct exp *e = exp_new(p, EXP_FLOAT, loc);
  e->u.float_lit.value = lit.value;
  e->u.float_lit.text = lit.text;
  e->u.float_lit.suffix = lit.suffix;
  return e;
}

static struct exp *bool_exp(struct parser *p, bool value, struct loc loc) {
  struct exp *e = exp_new(p, EXP_BOOL, loc);
  e->u.bool_lit = value;
  return e;
}

static struct exp *var_exp(struct parser *p, name_t name, struct loc loc) {
  struct exp *e = exp_new(p, EXP_VAR, loc);
  e->u.var.name = qual_one(name);
  return e;
}

static struct exp *list_exp(struct parser *p, enum exp_kind kind, struct parse_exps elems,
                            struct loc loc) {
  struct exp *e = exp_new(p, kind, loc);
  e->u.list.elems = elems.items;
  e->u.list.count = elems.len;
  return e;
}

/* (first, rest...) */
static struct exp *pair_exp(struct parser *p, struct exp *first, struct parse_exps rest,
                            struct loc loc) {
  struct parse_exps elems = {0};
  VEC_PUSH(p->arena, &elems, first);
  for (int i = 0; i < rest.len; i++) {
    VEC_PUSH(p->arena, &elems, rest.items[i]);
  }
  return list_exp(p, EXP_TUPLE, elems, loc);
}

/* e.field: on a variable written without parentheses (its node spans exactly the
 * atom), x.y.z stays one qualified name, for the type checker to read as a module
 * path or as field accesses; otherwise, and for numbered fields, a projection. */
static struct exp *field_exp(struct parser *p, struct exp *e, struct loc e_loc,
                             struct parse_name field, bool is_number, struct loc loc) {
  if (!is_number && e->kind == EXP_VAR && loc_equal(e->loc, e_loc)) {
    e->u.var.name = qual_append(p, e->u.var.name, field.name);
    e->loc = loc;
    return e;
  }
  struct exp *proj = exp_new(p, EXP_PROJECT, loc);
  proj->u.project.exp = e;
  proj->u.project.field = field.name;
  proj->u.project.field_loc = field.loc;
  return proj;
}

/* M.(e): only a module name may be opened locally. NULL after an error. */
static struct exp *qual_parens_exp(struct parser *p, struct exp *e, struct loc e_loc,
                                   struct exp *body, struct loc loc) {
  if (e->kind != EXP_VAR || !loc_equal(e->loc, e_loc)) {
    parse_error(p, e_loc, "only module names can be opened locally, not arbitrary "
                          "expressions");
    return NULL;
  }
  struct exp *q = exp_new(p, EXP_QUAL_PARENS, loc);
  q->u.qual_parens.module = e->u.var.name;
  q->u.qual_parens.exp = body;
  return q;
}

static struct exp *index_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                             struct loc loc) {
  struct exp *e = exp_new(p, EXP_INDEX, loc);
  e->u.index.array = array;
  e->u.index.indices = indices.items;
  e->u.index.count = indices.len;
  return e;
}

/* f a b c; a lone atom is itself. `a[i] [j]` is a common slip for a[i, j], which
 * Futhark rejects with its own message. NULL after an error. */
static struct exp *apply_exp(struct parser *p, struct parse_exps atoms, struct loc loc) {
  if (atoms.len == 1) {
    return atoms.items[0];
  }
  struct exp *fn = atoms.items[0];
  if (fn->kind == EXP_INDEX && atoms.items[1]->kind == EXP_ARRAY) {
    parse_error(p, loc_span(fn->loc, atoms.items[1]->loc),
                "incorrect syntax for multi-dimensional indexing; write a[i, j], "
                "not a[i] [j]");
    return NULL;
  }
  struct exp *e = exp_new(p, EXP_APPLY, loc);
  e->u.apply.fn = fn;
  e->u.apply.args = atoms.items + 1;
  e->u.apply.count = atoms.len - 1;
  return e;
}

static struct exp *binop_exp(struct parser *p, struct exp *lhs, struct qual_name op,
                             struct loc op_loc, struct exp *rhs, struct loc loc) {
  struct exp *e = exp_new(p, EXP_BINOP, loc);
  e->u.binop.op = op;
  e->u.binop.op_loc = op_loc;
  e->u.binop.lhs = lhs;
  e->u.binop.rhs = rhs;
  return e;
}

/* lhs op rhs for a bare operator token (- * < ^ |), whose value is its symbol. */
static struct exp *op_exp(struct parser *p, struct exp *lhs, name_t op, struct loc op_loc,
                          struct exp *rhs, struct loc loc) {
  return binop_exp(p, lhs, qual_one(op), op_loc, rhs, loc);
}

static struct exp *unary_exp(struct parser *p, enum exp_kind kind, struct exp *operand,
                             struct loc loc) {
  struct exp *e = exp_new(p, kind, loc);
  e->u.unary = operand;
  return e;
}

static struct exp *section_exp(struct parser *p, enum exp_kind kind, struct qual_name op,
                               struct loc op_loc, struct exp *operand, struct loc loc) {
  struct exp *e = exp_new(p, kind, loc);
  e->u.section.op = op;
  e->u.section.op_loc = op_loc;
  e->u.section.operand = operand;
  return e;
}

static struct exp *update_exp(struct parser *p, struct exp *array, struct parse_indices indices,
                              struct exp *value, struct loc loc) {
  struct exp *e = exp_new(p, EXP_UPDATE, loc);
  e->u.update.array = array;
  e->u.update.indices = indices.items;
  e->u.update.count = indices.len;
  e->u.update.value = value;
  return e;
}

static struct exp *record_update_exp(struct parser *p, struct exp *record,
                                     struct parse_names path, struct exp *value,
                                     struct loc loc) {
  struct exp *e = exp_new(p, EXP_RECORD_UPDATE, loc);
  e->u.record_update.record = record;
  e->u.record_update.path = names_of(p, path);
  e->u.record_update.path_len = path.len;
  e->u.record_update.value = value;
  return e;
}

static struct exp *lambda_exp(struct parser *p, struct parse_pats params, struct type_exp *ret,
                              struct exp *body, struct loc loc) {
  struct exp *e = exp_new(p, EXP_LAMBDA, loc);
  e->u.lambda.params = params.items;
  e->u.lambda.param_count = params.len;
  e->u.lambda.ret = ret;
  e->u.lambda.body = body;
  return e;
}

static struct exp *ascript_exp(struct parser *p, enum exp_kind kind, struct exp *operand,
                               struct type_exp *type, struct loc loc) {
  struct exp *e = exp_new(p, kind, loc);
  e->u.ascript.exp = operand;
  e->u.ascript.type = type;
  return e;
}

static struct exp *let_exp(struct parser *p, struct parse_names sizes, struct pat *pat,
                           struct exp *value, struct exp *body, struct loc loc) {
  struct exp *e = exp_new(p, EXP_LET, loc);
  e->u.let.sizes = names_of(p, sizes);
  e->u.let.size_locs = locs_of(p, sizes);
  e->u.let.size_count = sizes.len;
  e->u.let.pat = pat;
  e->u.let.value = value;
  e->u.let.body = body;
  return e;
}

static struct exp *let_fun_exp(struct parser *p, struct parse_name name,
                               struct parse_tparams tparams, struct parse_pats params,
                               struct type_exp *ret, struct exp *value, struct exp *body,
                               struct loc loc) {
  struct exp *e = exp_new(p, EXP_LET_FUN, loc);
  e->u.let_fun.name = name.name;
  e->u.let_fun.name_loc = name.loc;
  e->u.let_fun.type_params = tparams.items;
  e->u.let_fun.type_param_count = tparams.len;
  e->u.let_fun.params = params.items;
  e->u.let_fun.param_count = params.len;
  e->u.let_fun.ret = ret;
  e->u.let_fun.value = value;
  e->u.let_fun.body = body;
  return e;
}

static struct exp *let_with_exp(struct parser *p, struct parse_name name,
                                struct parse_indices indices, struct exp *value,
                                struct exp *body, struct loc loc) {
  struct exp *e = exp_new(p, EXP_LET_WITH, loc);
  e->u.let_with.name = name.name;
  e->u.let_with.name_loc = name.loc;
  e->u.let_with.indices = indices.items;
  e->u.let_with.count = indices.len;
  e->u.let_with.value = value;
  e->u.let_with.body = body;
  return e;
}

static struct exp *if_exp(struct parser *p, struct exp *cond, struct exp *then_branch,
                          struct exp *else_branch, struct loc loc) {
  struct exp *e = exp_new(p, EXP_IF, loc);
  e->u.if_.cond = cond;
  e->u.if_.then_branch = then_branch;
  e->u.if_.else_branch = else_branch;
  return e;
}

/* The loop node, made when its form is read; loop_exp fills in the rest. */
static struct exp *loop_form(struct parser *p, enum loop_form_kind form, struct loc loc) {
  struct exp *e = exp_new(p, EXP_LOOP, loc);
  e->u.loop.form = form;
  return e;
}

static bool pat_has_wildcard(const struct pat *pat) {
  switch (pat->kind) {
  case PAT_WILDCARD:
    return true;
  case PAT_ID:
    return false;
  case PAT_TUPLE:
    for (int i = 0; i < pat->u.tuple.count; i++) {
      if (pat_has_wildcard(pat->u.tuple.elems[i])) {
        return true;
      }
    }
    return false;
  case PAT_RECORD:
    for (int i = 0; i < pat->u.record.count; i++) {
      if (pat_has_wildcard(pat->u.record.fields[i].pat)) {
        return true;
      }
    }
    return false;
  case PAT_ASCRIPT:
    return pat_has_wildcard(pat->u.ascript.pat);
  }
  return false;
}

/* loop p = init form do body. Without `= init` the pattern is also the initial
 * value (init stays NULL), so it cannot contain `_`. NULL after an error. */
static struct exp *loop_exp(struct parser *p, struct pat *pat, struct exp *init,
                            struct exp *form, struct exp *body, struct loc loc) {
  if (init == NULL && pat_has_wildcard(pat)) {
    parse_error(p, pat->loc, "a loop without '= initial value' cannot have '_' in its "
                             "pattern");
    return NULL;
  }
  form->loc = loc;
  form->u.loop.pat = pat;
  form->u.loop.init = init;
  form->u.loop.body = body;
  return form;
}

static struct exp *assert_exp(struct parser *p, struct exp *cond, struct exp *e,
                              struct loc loc) {
  struct exp *a = exp_new(p, EXP_ASSERT, loc);
  a->u.assert_.cond = cond;
  a->u.assert_.exp = e;
  return a;
}

static struct exp *attr_exp(struct parser *p, struct attr *attr, struct exp *e,
                            struct loc loc) {
  struct exp *a = exp_new(p, EXP_ATTR, loc);
  a->u.attr.attr = attr;
  a->u.attr.exp = e;
  return a;
}

static struct dim_index slice(struct exp *start, struct exp *end, struct exp *stride) {
  return (struct dim_index){.is_slice = true, .start = start, .end = end, .stride = stride};
}

static struct pat *id_pat(struct parser *p, name_t name, struct loc loc) {
  struct pat *pat = pat_new(p, PAT_ID, loc);
  pat->u.id.name = name;
  return pat;
}

static struct pat *tuple_pat(struct parser *p, struct parse_pats elems, struct loc loc) {
  struct pat *pat = pat_new(p, PAT_TUPLE, loc);
  pat->u.tuple.elems = elems.items;
  pat->u.tuple.count = elems.len;
  return pat;
}

static struct pat *ascript_pat(struct parser *p, struct pat *inner, struct type_exp *type,
                               struct loc loc) {
  struct pat *pat = pat_new(p, PAT_ASCRIPT, loc);
  pat->u.ascript.pat = inner;
  pat->u.ascript.type = type;
  return pat;
}

static struct type_exp *var_type(struct parser *p, struct qual_name name, struct loc loc) {
  struct type_exp *t = type_new(p, TE_VAR, loc);
  t->u.var = name;
  return t;
}

static struct type_exp *tuple_type(struct parser *p, struct parse_types elems, struct loc loc) {
  struct type_exp *t = type_new(p, TE_TUPLE, loc);
  t->u.tuple.elems = elems.items;
  t->u.tuple.count = elems.len;
  return t;
}

static struct type_exp *array_type(struct parser *p, struct exp *size, struct type_exp *elem,
                                   struct loc loc) {
  struct type_exp *t = type_new(p, TE_ARRAY, loc);
  t->u.array.size = size;
  t->u.array.elem = elem;
  return t;
}

static struct type_exp *arrow_type(struct parser *p, name_t param_name, struct type_exp *param,
                                   struct type_exp *result, struct loc loc) {
  struct type_exp *t = type_new(p, TE_ARROW, loc);
  t->u.arrow.param_name = param_name;
  t->u.arrow.param = param;
  t->u.arrow.result = result;
  return t;
}

static struct type_exp *apply_type(struct parser *p, struct type_exp *ctor,
                                   struct type_exp *type_arg, struct exp *size_arg,
                                   bool size_any, struct loc loc) {
  struct type_exp *t = type_new(p, TE_APPLY, loc);
  t->u.apply.ctor = ctor;
  t->u.apply.type_arg = type_arg;
  t->u.apply.size_arg = size_arg;
  t->u.apply.size_any = size_any;
  return t;
}

static struct type_param type_param(enum type_param_kind kind, name_t name, struct loc loc) {
  return (struct type_param){.kind = kind, .name = name, .loc = loc};
}

static struct attr *attr_name(struct parser *p, name_t name, struct loc loc) {
  struct attr *a = ARENA_NEW(p->arena, struct attr);
  a->loc = loc;
  a->name = name;
  return a;
}

static struct attr *attr_int(struct parser *p, uint64_t value, struct loc loc) {
  struct attr *a = ARENA_NEW(p->arena, struct attr);
  a->loc = loc;
  a->value = (int64_t)value;
  return a;
}

static struct dec *val_dec(struct parser *p, bool is_entry, struct parse_name name,
                           struct parse_tparams tparams, struct parse_pats params,
                           struct type_exp *ret, struct exp *body, struct loc loc) {
  struct dec *d = dec_new(p, DEC_VAL, loc);
  d->u.val.is_entry = is_entry;
  d->u.val.name = name.name;
  d->u.val.name_loc = name.loc;
  d->u.val.type_params = tparams.items;
  d->u.val.type_param_count = tparams.len;
  d->u.val.params = params.items;
  d->u.val.param_count = params.len;
  d->u.val.ret = ret;
  d->u.val.body = body;
  return d;
}

static struct dec *type_dec(struct parser *p, enum type_param_kind liftedness,
                            struct parse_name name, struct parse_tparams tparams,
                            struct type_exp *type, struct loc loc) {
  struct dec *d = dec_new(p, DEC_TYPE, loc);
  d->u.type.name = name.name;
  d->u.type.liftedness = liftedness;
  d->u.type.type_params = tparams.items;
  d->u.type.type_param_count = tparams.len;
  d->u.type.type = type;
  return d;
}

/* #[attr] dec: the attribute goes in front of those already read. */
static struct dec *add_attr(struct parser *p, struct attr *attr, struct dec *d) {
  struct attr **attrs = ARENA_ARRAY(p->arena, struct attr *, d->attr_count + 1);
  attrs[0] = attr;
  for (int i = 0; i < d->attr_count; i++) {
    attrs[i + 1] = d->attrs[i];
  }
  d->attrs = attrs;
  d->attr_count++;
  return d;
}

static struct spec *val_spec(struct parser *p, name_t name, struct parse_tparams tparams,
                             struct type_exp *type, struct loc loc) {
  struct spec *s = spec_new(p, SPEC_VAL, loc);
  s->name = name;
  s->type_params = tparams.items;
  s->type_param_count = tparams.len;
  s->type = type;
  return s;
}

static struct spec *type_spec(struct parser *p, enum type_param_kind liftedness, name_t name,
                              struct parse_tparams tparams, struct type_exp *type,
                              struct loc loc) {
  struct spec *s = val_spec(p, name, tparams, type, loc);
  s->kind = SPEC_TYPE;
  s->liftedness = liftedness;
  return s;
}

static void finish_program(struct parser *p, const char *doc, struct dec *first,
                           struct parse_decs rest) {
  struct program *prog = ARENA_NEW(p->arena, struct program);
  prog->file = p->lexer.file;
  prog->doc = doc;
  if (first != NULL) {
    prog->decs = ARENA_ARRAY(p->arena, struct dec *, rest.len + 1);
    prog->decs[0] = first;
    for (int i = 0; i < rest.len; i++) {
      prog->decs[i + 1] = rest.items[i];
    }
    prog->count = rest.len + 1;
  }
  p->program = prog;
}

/* --------------------------------------------------------------- Nesting */

/* Note [Nesting limit]
 * ~~~~~~~~~~~~~~~~~~~~
 * Later passes recurse over the tree, so its height must be bounded or a hostile
 * program could overflow the C stack. The lexer bounds bracket nesting while
 * parsing (so `((((...` fails early); the parser itself never recurses, and its
 * stacks are bounded by YYMAXDEPTH. What is left are trees that grow without
 * brackets: left-nested operator chains (a+b+c+...), long let chains, x.a.b...
 * on a parenthesised atom. check_nesting walks the finished tree, recursing at
 * most PARSE_MAX_NESTING deep, and rejects a taller tree at its deepest node. */
enum { PARSE_MAX_NESTING = LEX_MAX_NESTING };

static _Noreturn void too_deep(struct loc loc) {
  diag_fatal(loc, "nesting too deep (more than %d levels)", PARSE_MAX_NESTING);
}

static void nest_exp(const struct exp *e, int depth);
static void nest_type(const struct type_exp *t, int depth);
static void nest_mod_type(const struct mod_type_exp *m, int depth);
static void nest_dec(const struct dec *d, int depth);

static void nest_pat(const struct pat *p, int depth) {
  if (p == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(p->loc);
  }
  switch (p->kind) {
  case PAT_ID:
  case PAT_WILDCARD:
    break;
  case PAT_TUPLE:
    for (int i = 0; i < p->u.tuple.count; i++) {
      nest_pat(p->u.tuple.elems[i], depth + 1);
    }
    break;
  case PAT_RECORD:
    for (int i = 0; i < p->u.record.count; i++) {
      nest_pat(p->u.record.fields[i].pat, depth + 1);
    }
    break;
  case PAT_ASCRIPT:
    nest_pat(p->u.ascript.pat, depth + 1);
    nest_type(p->u.ascript.type, depth + 1);
    break;
  }
}

static void nest_pats(struct pat *const *pats, int count, int depth) {
  for (int i = 0; i < count; i++) {
    nest_pat(pats[i], depth);
  }
}

static void nest_type(const struct type_exp *t, int depth) {
  if (t == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(t->loc);
  }
  switch (t->kind) {
  case TE_VAR:
    break;
  case TE_TUPLE:
    for (int i = 0; i < t->u.tuple.count; i++) {
      nest_type(t->u.tuple.elems[i], depth + 1);
    }
    break;
  case TE_RECORD:
    for (int i = 0; i < t->u.record.count; i++) {
      nest_type(t->u.record.fields[i].type, depth + 1);
    }
    break;
  case TE_ARRAY:
    nest_exp(t->u.array.size, depth + 1);
    nest_type(t->u.array.elem, depth + 1);
    break;
  case TE_UNIQUE:
    nest_type(t->u.unique, depth + 1);
    break;
  case TE_ARROW:
    nest_type(t->u.arrow.param, depth + 1);
    nest_type(t->u.arrow.result, depth + 1);
    break;
  case TE_APPLY:
    nest_type(t->u.apply.ctor, depth + 1);
    nest_type(t->u.apply.type_arg, depth + 1);
    nest_exp(t->u.apply.size_arg, depth + 1);
    break;
  case TE_EXIST:
    nest_type(t->u.exist.body, depth + 1);
    break;
  }
}

static void nest_indices(const struct dim_index *indices, int count, int depth) {
  for (int i = 0; i < count; i++) {
    nest_exp(indices[i].fixed, depth);
    nest_exp(indices[i].start, depth);
    nest_exp(indices[i].end, depth);
    nest_exp(indices[i].stride, depth);
  }
}

static void nest_exps(struct exp *const *exps, int count, int depth) {
  for (int i = 0; i < count; i++) {
    nest_exp(exps[i], depth);
  }
}

static void nest_exp(const struct exp *e, int depth) {
  if (e == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(e->loc);
  }
  int d = depth + 1;
  switch (e->kind) {
  case EXP_INT:
  case EXP_FLOAT:
  case EXP_BOOL:
  case EXP_VAR:
  case EXP_SECTION_OP:
  case EXP_SECTION_PROJECT:
    break;
  case EXP_TUPLE:
  case EXP_ARRAY:
    nest_exps(e->u.list.elems, e->u.list.count, d);
    break;
  case EXP_RECORD:
    for (int i = 0; i < e->u.record.count; i++) {
      nest_exp(e->u.record.fields[i].value, d);
    }
    break;
  case EXP_PROJECT:
    nest_exp(e->u.project.exp, d);
    break;
  case EXP_INDEX:
    nest_exp(e->u.index.array, d);
    nest_indices(e->u.index.indices, e->u.index.count, d);
    break;
  case EXP_UPDATE:
    nest_exp(e->u.update.array, d);
    nest_indices(e->u.update.indices, e->u.update.count, d);
    nest_exp(e->u.update.value, d);
    break;
  case EXP_RECORD_UPDATE:
    nest_exp(e->u.record_update.record, d);
    nest_exp(e->u.record_update.value, d);
    break;
  case EXP_APPLY:
    nest_exp(e->u.apply.fn, d);
    nest_exps(e->u.apply.args, e->u.apply.count, d);
    break;
  case EXP_BINOP:
    nest_exp(e->u.binop.lhs, d);
    nest_exp(e->u.binop.rhs, d);
    break;
  case EXP_NEGATE:
  case EXP_NOT:
    nest_exp(e->u.unary, d);
    break;
  case EXP_SECTION_LEFT:
  case EXP_SECTION_RIGHT:
    nest_exp(e->u.section.operand, d);
    break;
  case EXP_SECTION_INDEX:
    nest_indices(e->u.section_index.indices, e->u.section_index.count, d);
    break;
  case EXP_LAMBDA:
    nest_pats(e->u.lambda.params, e->u.lambda.param_count, d);
    nest_type(e->u.lambda.ret, d);
    nest_exp(e->u.lambda.body, d);
    break;
  case EXP_LET:
    nest_pat(e->u.let.pat, d);
    nest_exp(e->u.let.value, d);
    nest_exp(e->u.let.body, d);
    break;
  case EXP_LET_FUN:
    nest_pats(e->u.let_fun.params, e->u.let_fun.param_count, d);
    nest_type(e->u.let_fun.ret, d);
    nest_exp(e->u.let_fun.value, d);
    nest_exp(e->u.let_fun.body, d);
    break;
  case EXP_LET_WITH:
    nest_indices(e->u.let_with.indices, e->u.let_with.count, d);
    nest_exp(e->u.let_with.value, d);
    nest_exp(e->u.let_with.body, d);
    break;
  case EXP_IF:
    nest_exp(e->u.if_.cond, d);
    nest_exp(e->u.if_.then_branch, d);
    nest_exp(e->u.if_.else_branch, d);
    break;
  case EXP_LOOP:
    nest_pat(e->u.loop.pat, d);
    nest_exp(e->u.loop.init, d);
    nest_exp(e->u.loop.bound, d);
    nest_pat(e->u.loop.for_in_pat, d);
    nest_exp(e->u.loop.for_in_array, d);
    nest_exp(e->u.loop.body, d);
    break;
  case EXP_ASSERT:
    nest_exp(e->u.assert_.cond, d);
    nest_exp(e->u.assert_.exp, d);
    break;
  case EXP_ASCRIPT:
  case EXP_COERCE:
    nest_exp(e->u.ascript.exp, d);
    nest_type(e->u.ascript.type, d);
    break;
  case EXP_ATTR:
    nest_exp(e->u.attr.exp, d);
    break;
  case EXP_QUAL_PARENS:
    nest_exp(e->u.qual_parens.exp, d);
    break;
  }
}

static void nest_spec(const struct spec *s, int depth) {
  if (depth > PARSE_MAX_NESTING) {
    too_deep(s->loc);
  }
  nest_type(s->type, depth + 1);
  nest_mod_type(s->mod_type, depth + 1);
}

static void nest_mod_type(const struct mod_type_exp *m, int depth) {
  if (m == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(m->loc);
  }
  switch (m->kind) {
  case MTE_VAR:
    break;
  case MTE_SPECS:
    for (int i = 0; i < m->u.specs.count; i++) {
      nest_spec(m->u.specs.specs[i], depth + 1);
    }
    break;
  case MTE_WITH:
    nest_mod_type(m->u.with.base, depth + 1);
    nest_type(m->u.with.type, depth + 1);
    break;
  case MTE_ARROW:
    nest_mod_type(m->u.arrow.param, depth + 1);
    nest_mod_type(m->u.arrow.result, depth + 1);
    break;
  }
}

static void nest_mod(const struct mod_exp *m, int depth) {
  if (m == NULL) {
    return;
  }
  if (depth > PARSE_MAX_NESTING) {
    too_deep(m->loc);
  }
  switch (m->kind) {
  case MOD_VAR:
  case MOD_IMPORT:
    break;
  case MOD_DECS:
    for (int i = 0; i < m->u.decs.count; i++) {
      nest_dec(m->u.decs.decs[i], depth + 1);
    }
    break;
  case MOD_APPLY:
    nest_mod(m->u.apply.fn, depth + 1);
    nest_mod(m->u.apply.arg, depth + 1);
    break;
  case MOD_ASCRIPT:
    nest_mod(m->u.ascript.mod, depth + 1);
    nest_mod_type(m->u.ascript.type, depth + 1);
    break;
  case MOD_LAMBDA:
    nest_mod_type(m->u.lambda.param.type, depth + 1);
    nest_mod_type(m->u.lambda.result, depth + 1);
    nest_mod(m->u.lambda.body, depth + 1);
    break;
  }
}

static void nest_dec(const struct dec *d, int depth) {
  if (depth > PARSE_MAX_NESTING) {
    too_deep(d->loc);
  }
  int n = depth + 1;
  switch (d->kind) {
  case DEC_VAL:
    nest_pats(d->u.val.params, d->u.val.param_count, n);
    nest_type(d->u.val.ret, n);
    nest_exp(d->u.val.body, n);
    break;
  case DEC_TYPE:
    nest_type(d->u.type.type, n);
    break;
  case DEC_MOD_TYPE:
    nest_mod_type(d->u.mod_type.type, n);
    break;
  case DEC_MOD:
    for (int i = 0; i < d->u.mod.param_count; i++) {
      nest_mod_type(d->u.mod.params[i].type, n);
    }
    nest_mod_type(d->u.mod.type, n);
    nest_mod(d->u.mod.body, n);
    break;
  case DEC_OPEN:
    nest_mod(d->u.open, n);
    break;
  case DEC_IMPORT:
    break;
  case DEC_LOCAL:
    nest_dec(d->u.local, n);
    break;
  }
}

/* ---------------------------------------------------------- Entry points */

struct program *parse_program(struct arena *a, uint32_t file) {
  const char *outer_pass = diag_set_pass("parse");
  struct parser p = {.arena = a};
  lex_init(&p.lexer, a, file, START_PROGRAM);
  if (yyparse(&p) != 0) {
    diag_abort();
  }
  for (int i = 0; i < p.program->count; i++) {
    nest_dec(p.program->decs[i], 1);
  }
  diag_set_pass(outer_pass);
  return p.program;
}

struct spec *parse_spec_text(struct arena *a, const char *text, const char *origin) {
  struct parser p = {.arena = a};
  uint32_t file = diag_add_file(origin, text, strlen(text));
  lex_init(&p.lexer, a, file, START_SPEC);
  if (yyparse(&p) != 0) {
    diag_abort();
  }
  nest_spec(p.spec, 1);
  return p.spec;
}
