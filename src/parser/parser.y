/* The grammar: tokens -> the AST of parser/ast.h.
 *
 * The language is a subset of Futhark's, and so is this grammar: its layers,
 * precedences and shapes follow Futhark's Parser.y (Exp for ascription at the
 * lowest level, Exp2 for the rest, Atom for what binds tightest; the same
 * precedence table, in which an operator's class is its leading characters), so
 * that a program means what it means in Futhark. Actions only build nodes, with the
 * builders of ast_build.c (parse_internal.h declares what they call), so that this
 * file reads as the grammar.
 *
 * One grammar serves both entry points: the lexer emits a pseudo-token first,
 * START_PROGRAM or START_SPEC, which picks the start rule.
 *
 * Errors: one per failure, reported with what was found and what was expected
 * (parse_messages.c, with LAC so the expected tokens are exact), a note at the
 * innermost unclosed bracket, and specific messages for common mistakes. The
 * parser's stacks may grow to YYMAXDEPTH; bracket nesting is bounded by the lexer
 * and the height of the tree by parse_check_nesting() (check_nesting.c), so that
 * later recursive passes cannot overflow the C stack. */

%require "3.8"
%define api.pure full
%define api.location.type {struct loc}
%define parse.error custom
%define parse.lac full
%locations
%param {struct parser *parser}

/* Token kinds are also Bison's symbol kinds, so that parse_messages.c, which sees
 * only parser.h, can tell the tokens Bison expects by their names. */
%define api.token.raw

/* No conflicts: every shift/reduce choice is settled by the precedences below,
 * as in Futhark's grammar. */
%expect 0

%code requires {
#include <stdbool.h>
#include <stddef.h>
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

/* A string literal's bytes (escapes decoded; may hold NUL bytes). */
struct lex_string {
  const char *text;
  size_t len;
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

/* A pattern of a `match` case (ast_match.c): the pattern that binds (its literals made
 * wildcards), and its shape for the tests and the exhaustiveness check. */
enum case_pat_kind {
  CASE_PAT_ANY,     /* a name, _, or () : matches anything */
  CASE_PAT_LITERAL, /* literal: a number, character or boolean literal (maybe negated) */
  CASE_PAT_TUPLE,   /* elems, count */
  CASE_PAT_RECORD,  /* elems, names, count: sorted by name */
};

struct case_pat {
  enum case_pat_kind kind;
  struct pat *pat;
  struct exp *literal;
  int bool_value; /* 0 or 1 for the literals false and true; else -1 */
  struct case_pat **elems;
  name_t *names;
  int count;
  struct loc loc;
};

struct case_field {
  name_t name;
  struct loc loc;
  struct case_pat *pat;
};

struct match_case {
  struct case_pat *pat;
  struct exp *body;
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
PARSE_LIST(parse_case_pats, struct case_pat *);
PARSE_LIST(parse_case_fields, struct case_field);
PARSE_LIST(parse_cases, struct match_case);
PARSE_LIST(parse_steps, struct path_step);
#undef PARSE_LIST
}

%code {
#include <string.h>

#include "parser/parse.h"
#include "parser/parse_internal.h"
#include "support/vec.h"

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
}

%union {
  name_t name;
  struct lex_int integer;
  struct lex_float real;
  struct lex_string str;
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
  struct case_pat *case_pat;
  struct case_field case_field;
  struct match_case match_case;
  struct parse_case_pats case_pats;
  struct parse_case_fields case_fields;
  struct parse_steps steps;
  struct parse_cases cases;
}

/* ------------------------------------------------------------------- Tokens */

%token END 0 "end of file"
%token ERROR "lexical error"
%token START_PROGRAM "start of program" START_SPEC "start of specification"

%token <name> ID "identifier"
%token <integer> NATLIT "number"
%token <integer> INTLIT "integer literal"
%token <real> FLOATLIT "float literal"
%token <str> STRINGLIT "string literal"
%token <integer> CHARLIT "character literal"
%token <text> DOC "doc comment"

%token KW_IF "if" KW_THEN "then" KW_ELSE "else" KW_DEF "def" KW_LET "let"
%token KW_LOOP "loop" KW_IN "in" KW_VAL "val" KW_FOR "for" KW_DO "do"
%token KW_WITH "with" KW_LOCAL "local" KW_OPEN "open" KW_INCLUDE "include"
%token KW_IMPORT "import" KW_TYPE "type" KW_ENTRY "entry" KW_MODULE "module"
%token KW_WHILE "while" KW_ASSERT "assert" KW_TRUE "true" KW_FALSE "false"
%token KW_MATCH "match" KW_CASE "case"

%token LPAREN "(" RPAREN ")" LBRACKET "[" INDEX_LBRACKET "...[" RBRACKET "]"
%token LBRACE "{" RBRACE "}" HASH_LBRACKET "#[" COMMA "," DOT "."
%token TWO_DOTS ".." THREE_DOTS "..." TWO_DOTS_LT "..<" TWO_DOTS_GT "..>"
%token COLON ":" COLON_GT ":>" BACKSLASH "\\" TILDE "~" APOSTROPHE "'"
%token APOSTROPHE_TILDE "'~" APOSTROPHE_HAT "'^" BACKTICK "`" QUESTION "?"
%token UNDERSCORE "_" ARROW "->" EQUALS "=" HOLE "???"

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
%precedence "case"
%precedence ID "(" "{"
%precedence ":" ":>"
%precedence ".." "..." "..<" "..>"
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
%type <steps> update_path let_path
%type <exp> exp exp2 binop_exp atom section size_exp loop_form let_exp let_body
%type <exps> exps apply_list
%type <pat> pat param_pat fun_param
%type <pats> pats fun_params fun_params1
%type <pat_field> cfield_pat
%type <pat_fields> cfield_pats cfield_pats1
%type <exp_field> field
%type <exp_fields> fields fields1
%type <names> size_binders
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
%type <case_pat> case_pat case_pat_inner case_literal
%type <case_pats> case_pats
%type <case_field> case_field
%type <case_fields> case_fields case_fields1
%type <match_case> match_case
%type <cases> match_cases

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
        { ast_finish_program(parser, NULL, NULL, (struct parse_decs){0}); }
  | DOC
        { ast_finish_program(parser, $1, NULL, (struct parse_decs){0}); }
  | DOC DOC dec_ decs                   { $3->doc = $2; ast_finish_program(parser, $1, $3, $4); }
  | DOC dec_ decs                       { ast_finish_program(parser, $1, $2, $3); }
  | dec_ decs                           { ast_finish_program(parser, NULL, $1, $2); }
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
        { $$ = ast_type_dec(parser, $2, (struct parse_name){$3, @3}, $4, $6, @$); }
  | "module" "type" ID "=" mod_type_exp {
      $$ = ast_dec_new(parser, DEC_MOD_TYPE, @$);
      $$->u.mod_type.name = $3;
      $$->u.mod_type.type = $5;
    }
  | "module" ID mod_params mod_type_ascription "=" mod_exp {
      $$ = ast_dec_new(parser, DEC_MOD, @$);
      $$->u.mod.name = $2;
      $$->u.mod.params = $3.items;
      $$->u.mod.param_count = $3.len;
      $$->u.mod.type = $4;
      $$->u.mod.body = $6;
    }
  | "open" mod_exp
        { $$ = ast_dec_new(parser, DEC_OPEN, @$); $$->u.open = $2; }
  | "import" STRINGLIT {
      $$ = ast_dec_new(parser, DEC_IMPORT, @$);
      $$->u.import.path = $2.text;
      $$->u.import.path_loc = @2;
    }
  | "local" dec
        { $$ = ast_dec_new(parser, DEC_LOCAL, @$); $$->u.local = $2; }
  | "#[" attr_info "]" dec_             { $$ = ast_add_attr(parser, $2, $4); $$->loc = @$; }
  ;

val_dec:
    def_kw binding_id type_params fun_params ret_type "=" exp
        { $$ = ast_val_dec(parser, false, (struct parse_name){$2, @2}, $3, $4, $5, $7, @$); }
  | "entry" binding_id type_params fun_params ret_type "=" exp
        { $$ = ast_val_dec(parser, true, (struct parse_name){$2, @2}, $3, $4, $5, $7, @$); }
  | def_kw fun_param binding_binop fun_param ret_type "=" exp {
      struct parse_pats params = {0};
      VEC_PUSH(parser->arena, &params, $2);
      VEC_PUSH(parser->arena, &params, $4);
      $$ = ast_val_dec(parser, false, (struct parse_name){$3, @3}, (struct parse_tparams){0},
                   params, $5, $7, @$);
    }
  | def_kw "(" pat "," pats ")" "=" exp {
      parse_error(parser, loc_span(@2, @6),
                  "cannot bind patterns at top level; bind a single name instead");
      YYABORT;
    }
  ;

/* Note [Top-level let]
 * ~~~~~~~~~~~~~~~~~~~~~
 * Futhark wrote top-level definitions with `let` until 0.21 introduced `def`, and
 * programs of that time are still about. `let` in the place of a declaration can only
 * be that old spelling (an expression never continues with `let`), so the grammar
 * takes it as `def`, without conflicts, and nothing else changes. */
def_kw:
    "def"
  | "let"
  ;

binding_id:
    ID
  | "(" binding_binop ")"               { $$ = $2; }
  ;

binding_binop:
    op_name
        { $$ = ast_unqualified_op(parser, $1, @1); if ($$ == NULL) YYABORT; }
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
  | "*"                                 { $$ = ast_qual_one($1); }
  | "^"                                 { $$ = ast_qual_one($1); }
  | "|"                                 { $$ = ast_qual_one($1); }
  | "<"                                 { $$ = ast_qual_one($1); }
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
    "[" ID "]"                          { $$ = ast_type_param(TPARAM_SIZE, $2, @$); }
  | "...[" ID "]"                       { $$ = ast_type_param(TPARAM_SIZE, $2, @$); }
  | type_type_param
  ;

type_type_param:
    "'" ID                              { $$ = ast_type_param(TPARAM_TYPE, $2, @$); }
  | "'~" ID                             { $$ = ast_type_param(TPARAM_SIZE_LIFTED, $2, @$); }
  | "'^" ID                             { $$ = ast_type_param(TPARAM_LIFTED, $2, @$); }
  ;

/* Local functions need their own type parameters: `let f [n]` (a space before the
 * bracket) starts a function, `let xs[i] = v` an in-place update (Futhark's
 * LocalFunTypeParams). */
local_fun_type_params:
    %empty                              { $$ = (struct parse_tparams){0}; }
  | "[" ID "]" type_params {
      $$ = (struct parse_tparams){0};
      VEC_PUSH(parser->arena, &$$, ast_type_param(TPARAM_SIZE, $2, loc_span(@1, @3)));
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
    qual_name
        { $$ = ast_mod_type_new(parser, MTE_VAR, @$); $$->u.var = $1; }
  | "{" specs "}" {
      $$ = ast_mod_type_new(parser, MTE_SPECS, @$);
      $$->u.specs.specs = $2.items;
      $$->u.specs.count = $2.len;
    }
  | mod_type_exp "with" qual_name type_params "=" type_exp_term {
      $$ = ast_mod_type_new(parser, MTE_WITH, @$);
      $$->u.with.base = $1;
      $$->u.with.type_name = $3;
      $$->u.with.type_params = $4.items;
      $$->u.with.type_param_count = $4.len;
      $$->u.with.type = $6;
    }
  | "(" mod_type_exp ")"                { $$ = $2; }
  | "(" ID ":" mod_type_exp ")" "->" mod_type_exp {
      $$ = ast_mod_type_new(parser, MTE_ARROW, @$);
      $$->u.arrow.param_name = $2;
      $$->u.arrow.param = $4;
      $$->u.arrow.result = $7;
    }
  | mod_type_exp "->" mod_type_exp {
      $$ = ast_mod_type_new(parser, MTE_ARROW, @$);
      $$->u.arrow.param = $1;
      $$->u.arrow.result = $3;
    }
  ;

specs:
    %empty                              { $$ = (struct parse_specs){0}; }
  | specs spec                          { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

spec:
    "val" ID type_params ":" type_exp   { $$ = ast_val_spec(parser, $2, $3, $5, @$); }
  | "val" binding_binop type_params ":" type_exp
                                        { $$ = ast_val_spec(parser, $2, $3, $5, @$); }
  | "type" liftedness ID type_params "=" type_exp
                                        { $$ = ast_type_spec(parser, $2, $3, $4, $6, @$); }
  | "type" liftedness ID type_params    { $$ = ast_type_spec(parser, $2, $3, $4, NULL, @$); }
  | "module" ID ":" mod_type_exp {
      $$ = ast_spec_new(parser, SPEC_MODULE, @$);
      $$->name = $2;
      $$->mod_type = $4;
    }
  | "include" mod_type_exp
        { $$ = ast_spec_new(parser, SPEC_INCLUDE, @$); $$->mod_type = $2; }
  | DOC spec                            { $$ = $2; $$->doc = $1; }
  ;

mod_exp:
    mod_exp ":" mod_type_exp {
      $$ = ast_mod_new(parser, MOD_ASCRIPT, @$);
      $$->u.ascript.mod = $1;
      $$->u.ascript.type = $3;
    }
  | "\\" mod_param mod_lambda_result "->" mod_exp {
      $$ = ast_mod_new(parser, MOD_LAMBDA, @$);
      $$->u.lambda.param = $2;
      $$->u.lambda.result = $3;
      $$->u.lambda.body = $5;
    }
  | "import" STRINGLIT
        { $$ = ast_mod_new(parser, MOD_IMPORT, @$); $$->u.import.path = $2.text; }
  | mod_exp_apply
  | mod_exp_atom
  ;

mod_exp_apply:
    mod_exp_atom mod_exp_atom {
      $$ = ast_mod_new(parser, MOD_APPLY, @$);
      $$->u.apply.fn = $1;
      $$->u.apply.arg = $2;
    }
  | mod_exp_apply mod_exp_atom {
      $$ = ast_mod_new(parser, MOD_APPLY, @$);
      $$->u.apply.fn = $1;
      $$->u.apply.arg = $2;
    }
  ;

mod_exp_atom:
    "(" mod_exp ")"                     { $$ = $2; }
  | qual_name                           { $$ = ast_mod_new(parser, MOD_VAR, @$); $$->u.var = $1; }
  | "{" decs "}" {
      $$ = ast_mod_new(parser, MOD_DECS, @$);
      $$->u.decs.decs = $2.items;
      $$->u.decs.count = $2.len;
    }
  ;

mod_lambda_result:
    %empty                              { $$ = NULL; }
  | ":" simple_mod_type_exp             { $$ = $2; }
  ;

simple_mod_type_exp:
    qual_name
        { $$ = ast_mod_type_new(parser, MTE_VAR, @$); $$->u.var = $1; }
  | "(" mod_type_exp ")"                { $$ = $2; }
  ;

qual_name:
    ID                                  { $$ = ast_qual_one($1); }
  | qual_name "." ID                    { $$ = ast_qual_append(parser, $1, $3); }
  ;

/* ------------------------------------------------------------ Expressions */

/* Ascription is kept out of Exp2, so that `a[i:j]` is a slice. Ranges are here too,
 * not in Exp2 as in Futhark's grammar: there `a..b...c` would need the middle operand
 * to be an Exp2 that is not itself a range, which LALR cannot say without conflicts.
 * They bind as loosely as Futhark's (just above ascription), so only a range as an
 * operand of an operator, an index or an argument needs the parentheses that Futhark
 * needs there anyway. */
exp:
    exp ":" type_exp                    { $$ = ast_ascript_exp(parser, EXP_ASCRIPT, $1, $3, @$); }
  | exp ":>" type_exp                   { $$ = ast_ascript_exp(parser, EXP_COERCE, $1, $3, @$); }
  | exp2 %prec ":"
  | exp2 "..." exp2                     { $$ = ast_range_exp(parser, $1, NULL, RANGE_TO, $3, @$); }
  | exp2 "..<" exp2                     { $$ = ast_range_exp(parser, $1, NULL, RANGE_UP, $3, @$); }
  | exp2 "..>" exp2
        { $$ = ast_range_exp(parser, $1, NULL, RANGE_DOWN, $3, @$); }
  | exp2 ".." exp2 "..." exp2           { $$ = ast_range_exp(parser, $1, $3, RANGE_TO, $5, @$); }
  | exp2 ".." exp2 "..<" exp2           { $$ = ast_range_exp(parser, $1, $3, RANGE_UP, $5, @$); }
  | exp2 ".." exp2 "..>" exp2           { $$ = ast_range_exp(parser, $1, $3, RANGE_DOWN, $5, @$); }
  /* Below the range tokens, so that a..s is continued by ... ..< ..> when they follow. */
  | exp2 ".." exp2 %prec ":" {
      parse_error(parser, @2, "'..' alone does not make a range: write a...b (with b), "
                              "a..<b or a..>b (without b), or a..s...b to step by s-a");
      YYABORT;
    }
  ;

exp2:
    "if" exp "then" exp "else" exp %prec PREC_IF
                                        { $$ = ast_if_exp(parser, $2, $4, $6, @$); }
  | "loop" pat loop_form "do" exp %prec PREC_IF
        { $$ = ast_loop_exp(parser, $2, NULL, $3, $5, @$); if ($$ == NULL) YYABORT; }
  | "loop" pat "=" exp loop_form "do" exp %prec PREC_IF
                                        { $$ = ast_loop_exp(parser, $2, $4, $5, $7, @$); }
  | let_exp %prec PREC_LET
  | "match" exp match_cases %prec PREC_IF
        { $$ = ast_match_exp(parser, $2, $3, @$); if ($$ == NULL) YYABORT; }
  | "assert" atom atom                  { $$ = ast_assert_exp(parser, $2, $3, @$); }
  | "#[" attr_info "]" exp %prec PREC_BOTTOM
                                        { $$ = ast_attr_exp(parser, $2, $4, @$); }
  | binop_exp
  | "-" exp2 %prec PREC_JUXT            { $$ = ast_unary_exp(parser, EXP_NEGATE, $2, @$); }
  | "!" exp2 %prec PREC_JUXT            { $$ = ast_unary_exp(parser, EXP_NOT, $2, @$); }
  | exp2 "with" update_path "=" exp2    { $$ = ast_path_update_exp(parser, $1, $3, $5, @$); }
  | "\\" fun_params1 lambda_ret "->" exp %prec PREC_LET
                                        { $$ = ast_lambda_exp(parser, $2, $3, $5, @$); }
  | apply_list
        { $$ = ast_apply_exp(parser, $1, @$); if ($$ == NULL) YYABORT; }
  ;

apply_list:
    atom %prec PREC_JUXT
        { $$ = (struct parse_exps){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | apply_list atom                     { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;


binop_exp:
    exp2 "+..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "-..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "-" exp2       { $$ = ast_op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "*..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "*" exp2       { $$ = ast_op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "/..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "%..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "//..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "%%..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "**..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 ">>..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<<..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "&..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "|..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "|" exp2       { $$ = ast_op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "&&..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "||..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "^..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "^" exp2       { $$ = ast_op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "==..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "!=..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<=..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 ">..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 ">=..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "|>..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<|..." exp2   { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "<" exp2       { $$ = ast_op_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "!..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "=..." exp2    { $$ = ast_binop_exp(parser, $1, $2, @2, $3, @$); }
  | exp2 "`" qual_name "`" exp2
                        { $$ = ast_binop_exp(parser, $1, $3, loc_span(@2, @4), $5, @$); }
  ;

atom:
    NATLIT                              { $$ = ast_int_exp(parser, $1, @$); }
  | INTLIT                              { $$ = ast_int_exp(parser, $1, @$); }
  | FLOATLIT                            { $$ = ast_float_exp(parser, $1, @$); }
  | CHARLIT                             { $$ = ast_int_exp(parser, $1, @$); }
  | STRINGLIT                           { $$ = ast_string_exp(parser, $1, @$); }
  | "???"                               { $$ = ast_exp_new(parser, EXP_HOLE, @$); }
  | "true"                              { $$ = ast_bool_exp(parser, true, @$); }
  | "false"                             { $$ = ast_bool_exp(parser, false, @$); }
  | "(" exp ")"                         { $$ = $2; }
  | "(" exp "," exps ")"                { $$ = ast_pair_exp(parser, $2, $4, @$); }
  | "(" exp "," exps "," ")"            { $$ = ast_pair_exp(parser, $2, $4, @$); }
  | "(" ")"
        { $$ = ast_list_exp(parser, EXP_TUPLE, (struct parse_exps){0}, @$); }
  | "[" exps "]"                        { $$ = ast_list_exp(parser, EXP_ARRAY, $2, @$); }
  | "[" exps "," "]"                    { $$ = ast_list_exp(parser, EXP_ARRAY, $2, @$); }
  | "[" "]"
        { $$ = ast_list_exp(parser, EXP_ARRAY, (struct parse_exps){0}, @$); }
  | ID                                  { $$ = ast_var_exp(parser, $1, @$); }
  | atom "." ID
        { $$ = ast_field_exp(parser, $1, @1, (struct parse_name){$3, @3}, false, @$); }
  | atom "." NATLIT
        { $$ = ast_field_exp(parser, $1, @1, (struct parse_name){$3.text, @3}, true, @$); }
  | atom "." "(" exp ")"
        { $$ = ast_qual_parens_exp(parser, $1, @1, $4, @$); if ($$ == NULL) YYABORT; }
  | atom "...[" dim_indices "]"         { $$ = ast_index_exp(parser, $1, $3, @$); }
  | "{" fields "}" {
      $$ = ast_exp_new(parser, EXP_RECORD, @$);
      $$->u.record.fields = $2.items;
      $$->u.record.count = $2.len;
    }
  | section
  ;

/* Sections: (-) and (x -) are written out because a bare `-` is also negation. */
section:
    "(" "-" ")"
        { $$ = ast_section_exp(parser, EXP_SECTION_OP, ast_qual_one($2), @2, NULL, @$); }
  | "(" exp2 "-" ")"
        { $$ = ast_section_exp(parser, EXP_SECTION_LEFT, ast_qual_one($3), @3, $2, @$); }
  | "(" binop exp2 ")"
        { $$ = ast_section_exp(parser, EXP_SECTION_RIGHT, $2, @2, $3, @$); }
  | "(" exp2 binop ")"
        { $$ = ast_section_exp(parser, EXP_SECTION_LEFT, $3, @3, $2, @$); }
  | "(" binop ")"
        { $$ = ast_section_exp(parser, EXP_SECTION_OP, $2, @2, NULL, @$); }
  | "(" "." update_path ")"             { $$ = ast_section_path_exp(parser, $3, @$); }
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
  | exp2 ":" exp2                       { $$ = ast_slice($1, $3, NULL); }
  | exp2 ":"                            { $$ = ast_slice($1, NULL, NULL); }
  | ":" exp2                            { $$ = ast_slice(NULL, $2, NULL); }
  | ":"                                 { $$ = ast_slice(NULL, NULL, NULL); }
  | exp2 ":" exp2 ":" exp2              { $$ = ast_slice($1, $3, $5); }
  | ":" exp2 ":" exp2                   { $$ = ast_slice(NULL, $2, $4); }
  | exp2 ":" ":" exp2                   { $$ = ast_slice($1, NULL, $4); }
  | ":" ":" exp2                        { $$ = ast_slice(NULL, NULL, $3); }
  ;

let_exp:
    "let" size_binders pat "=" exp let_body
                                        { $$ = ast_let_exp(parser, $2, $3, $5, $6, @$); }
  | "let" pat "=" exp let_body
        { $$ = ast_let_exp(parser, (struct parse_names){0}, $2, $4, $5, @$); }
  | "let" ID local_fun_type_params fun_params1 ret_type "=" exp let_body
        { $$ = ast_let_fun_exp(parser, (struct parse_name){$2, @2}, $3, $4, $5, $7, $8, @$); }
  | "let" ID let_path "=" exp let_body
        { $$ = ast_let_path_exp(parser, (struct parse_name){$2, @2}, $3, $5, $6, @$); }
  ;

/* Update paths (Futhark's unified record and array updates): field names and index
 * lists in any order, as in `r with a.b[i] = v` and `xs with [i].f = v`. */
update_path:
    field_id
        { $$ = ast_steps_field(parser, (struct parse_steps){0}, $1); }
  | "[" dim_indices "]"
        { $$ = ast_steps_index(parser, (struct parse_steps){0}, $2, @$); }
  | "...[" dim_indices "]"
        { $$ = ast_steps_index(parser, (struct parse_steps){0}, $2, @$); }
  | update_path "." field_id             { $$ = ast_steps_field(parser, $1, $3); }
  | update_path "...[" dim_indices "]"  { $$ = ast_steps_index(parser, $1, $3, loc_span(@2, @4)); }
  | update_path "[" dim_indices "]" {
      parse_error(parser, @2, "an index list in an update path is written right after what "
                              "it indexes: a[i], not a [i]");
      YYABORT;
    }
  ;

/* `let xs[i] = v`, `let r.a = v`, `let r.a[i].b = v`: what follows the name. */
let_path:
    "." field_id
        { $$ = ast_steps_field(parser, (struct parse_steps){0}, $2); }
  | "...[" dim_indices "]"
        { $$ = ast_steps_index(parser, (struct parse_steps){0}, $2, @$); }
  | let_path "." field_id                { $$ = ast_steps_field(parser, $1, $3); }
  | let_path "...[" dim_indices "]"     { $$ = ast_steps_index(parser, $1, $3, loc_span(@2, @4)); }
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
      $$ = ast_loop_form(parser, LOOP_FOR, @$);
      $$->u.loop.index_name = $2;
      $$->u.loop.index_loc = @2;
      $$->u.loop.bound = $4;
    }
  | "for" pat "in" exp {
      $$ = ast_loop_form(parser, LOOP_FOR_IN, @$);
      $$->u.loop.for_in_pat = $2;
      $$->u.loop.for_in_array = $4;
    }
  | "while" exp
        { $$ = ast_loop_form(parser, LOOP_WHILE, @$); $$->u.loop.bound = $2; }
  ;

lambda_ret:
    %empty                              { $$ = NULL; }
  | ":" type_exp_term                   { $$ = $2; }
  ;

/* A nested match takes the cases that follow it: `case "case"` binds tighter than the
 * match around it, as in Futhark. */
match_cases:
    match_case
        { $$ = (struct parse_cases){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | match_cases match_case              { $$ = $1; VEC_PUSH(parser->arena, &$$, $2); }
  ;

match_case:
    "case" case_pat "->" exp            { $$ = (struct match_case){$2, $4, @$}; }
  ;

/* Patterns of cases: those of let, and literals (Futhark's Pat with PatLiteral). */
case_pat:
    "#[" attr_info "]" case_pat         { $$ = $4; }
  | case_pat_inner ":" type_exp         { $$ = ast_case_pat_ascript(parser, $1, $3, @$); }
  | case_pat_inner
  ;

case_pat_inner:
    ID
        { $$ = ast_case_pat_bind(parser, ast_id_pat(parser, $1, @$)); }
  | "_"
        { $$ = ast_case_pat_bind(parser, ast_pat_new(parser, PAT_WILDCARD, @$)); }
  | "(" ")"
        { $$ = ast_case_pat_tuple(parser, (struct parse_case_pats){0}, @$); }
  | "(" case_pat ")"                    { $$ = $2; }
  | "(" case_pat "," case_pats ")" {
      struct parse_case_pats elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = ast_case_pat_tuple(parser, elems, @$);
    }
  | "{" case_fields "}"                 { $$ = ast_case_pat_record(parser, $2, @$); }
  | case_literal
  ;

case_pats:
    case_pat
        { $$ = (struct parse_case_pats){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | case_pats "," case_pat              { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

case_fields:
    %empty                              { $$ = (struct parse_case_fields){0}; }
  | case_fields1
  | case_fields1 ","
  ;

case_fields1:
    case_field
        { $$ = (struct parse_case_fields){0}; VEC_PUSH(parser->arena, &$$, $1); }
  | case_fields1 "," case_field         { $$ = $1; VEC_PUSH(parser->arena, &$$, $3); }
  ;

case_field:
    field_id "=" case_pat               { $$ = (struct case_field){$1.name, @$, $3}; }
  | ID ":" type_exp {
      struct pat *id = ast_ascript_pat(parser, ast_id_pat(parser, $1, @1), $3, @$);
      $$ = (struct case_field){$1, @$, ast_case_pat_bind(parser, id)};
    }
  | ID {
      $$ = (struct case_field){$1, @$, ast_case_pat_bind(parser, ast_id_pat(parser, $1, @1))};
    }
  ;

case_literal:
    NATLIT          { $$ = ast_case_pat_literal(parser, ast_int_exp(parser, $1, @$), @$); }
  | INTLIT          { $$ = ast_case_pat_literal(parser, ast_int_exp(parser, $1, @$), @$); }
  | CHARLIT         { $$ = ast_case_pat_literal(parser, ast_int_exp(parser, $1, @$), @$); }
  | FLOATLIT        { $$ = ast_case_pat_literal(parser, ast_float_exp(parser, $1, @$), @$); }
  | "true"          { $$ = ast_case_pat_literal(parser, ast_bool_exp(parser, true, @$), @$); }
  | "false"         { $$ = ast_case_pat_literal(parser, ast_bool_exp(parser, false, @$), @$); }
  | "-" NATLIT {
      struct exp *lit = ast_int_exp(parser, $2, @2);
      $$ = ast_case_pat_literal(parser, ast_unary_exp(parser, EXP_NEGATE, lit, @$), @$);
    }
  | "-" INTLIT {
      struct exp *lit = ast_int_exp(parser, $2, @2);
      $$ = ast_case_pat_literal(parser, ast_unary_exp(parser, EXP_NEGATE, lit, @$), @$);
    }
  | "-" FLOATLIT {
      struct exp *lit = ast_float_exp(parser, $2, @2);
      $$ = ast_case_pat_literal(parser, ast_unary_exp(parser, EXP_NEGATE, lit, @$), @$);
    }
  ;

/* --------------------------------------------------------------- Patterns */

pat:
    param_pat ":" type_exp              { $$ = ast_ascript_pat(parser, $1, $3, @$); }
  | param_pat
  ;

param_pat:
    ID                                  { $$ = ast_id_pat(parser, $1, @$); }
  | "#[" attr_info "]" param_pat        { $$ = $4; /* Futhark's attributes of patterns
                                                      change nothing Prism does */ }
  | "(" binding_binop ")"               { $$ = ast_id_pat(parser, $2, @$); }
  | "_"                                 { $$ = ast_pat_new(parser, PAT_WILDCARD, @$); }
  | "(" ")"                             { $$ = ast_tuple_pat(parser, (struct parse_pats){0}, @$); }
  | "(" pat ")"                         { $$ = $2; }
  | "(" pat "," pats ")" {
      struct parse_pats elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = ast_tuple_pat(parser, elems, @$);
    }
  | "(" pat "," pats "," ")" {
      struct parse_pats elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = ast_tuple_pat(parser, elems, @$);
    }
  | "{" cfield_pats "}" {
      $$ = ast_pat_new(parser, PAT_RECORD, @$);
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
      $$ = (struct pat_field){$1, @$, ast_ascript_pat(parser, ast_id_pat(parser, $1, @1), $3, @$)};
    }
  | ID
        { $$ = (struct pat_field){$1, @$, ast_id_pat(parser, $1, @1)}; }
  ;

/* ------------------------------------------------------------------ Types */

type_exp:
    "(" ID ":" type_exp ")" "->" type_exp
                                        { $$ = ast_arrow_type(parser, $2, $4, $7, @$); }
  | type_exp_term "->" type_exp         { $$ = ast_arrow_type(parser, NULL, $1, $3, @$); }
  | "?" size_binders "." type_exp {
      $$ = ast_type_new(parser, TE_EXIST, @$);
      $$->u.exist.names = ast_names_of(parser, $2);
      $$->u.exist.count = $2.len;
      $$->u.exist.body = $4;
    }
  | type_exp_term %prec PREC_TYPE
  ;

type_exp_term:
    "*" type_exp_term
        { $$ = ast_type_new(parser, TE_UNIQUE, @$); $$->u.unique = $2; }
  | type_exp_apply %prec PREC_TYPE
  ;

/* `vec [n] f32` is (vec [n]) f32: a size argument binds tightest (Futhark's
 * %prec top on TypeArg). */
type_exp_apply:
    type_exp_apply size_exp %prec PREC_TOP
        { $$ = ast_apply_type(parser, $1, NULL, $2, $2 == NULL, @$); }
  | type_exp_apply type_exp_atom        { $$ = ast_apply_type(parser, $1, $2, NULL, false, @$); }
  | type_exp_atom
  ;

type_exp_atom:
    "(" type_exp ")"                    { $$ = $2; }
  | "(" ")"
        { $$ = ast_tuple_type(parser, (struct parse_types){0}, @$); }
  | "(" type_exp "," tuple_types ")" {
      struct parse_types elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = ast_tuple_type(parser, elems, @$);
    }
  | "(" type_exp "," tuple_types "," ")" {
      struct parse_types elems = {0};
      VEC_PUSH(parser->arena, &elems, $2);
      for (int i = 0; i < $4.len; i++) {
        VEC_PUSH(parser->arena, &elems, $4.items[i]);
      }
      $$ = ast_tuple_type(parser, elems, @$);
    }
  | "{" field_types "}" {
      $$ = ast_type_new(parser, TE_RECORD, @$);
      $$->u.record.fields = $2.items;
      $$->u.record.count = $2.len;
    }
  | size_exp type_exp_term              { $$ = ast_array_type(parser, $1, $2, @$); }
  | qual_name                           { $$ = ast_var_type(parser, $1, @$); }
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
      $$ = ast_attr_name(parser, $1, @$);
      $$->args = $3.items;
      $$->arg_count = $3.len;
      $$->has_args = true;
    }
  ;

attr_atom:
    ID                                  { $$ = ast_attr_name(parser, $1, @$); }
  | INTLIT                              { $$ = ast_attr_int(parser, $1.value, @$); }
  | NATLIT                              { $$ = ast_attr_int(parser, $1.value, @$); }
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

_Static_assert(PARSE_TOKEN_COUNT == YYNTOKENS, "PREC_TOP must be the last token declared");

const char *parse_token_name(yytoken_kind_t kind) {
  return yysymbol_name((yysymbol_kind_t)kind);
}

/* Syntax errors are reported by parse_messages.c, in the token kinds of parser.h,
 * which are also Bison's symbol kinds (api.token.raw). */
static int yyreport_syntax_error(const yypcontext_t *ctx, struct parser *parser) {
  yysymbol_kind_t symbols[YYNTOKENS];
  int n = yypcontext_expected_tokens(ctx, symbols, YYNTOKENS);
  if (n < 0) {
    n = 0; /* LAC ran out of stack: report without the expected tokens */
  }
  yytoken_kind_t expected[YYNTOKENS];
  for (int i = 0; i < n; i++) {
    expected[i] = (yytoken_kind_t)symbols[i];
  }
  parse_report_syntax_error(parser, (yytoken_kind_t)yypcontext_token(ctx),
                            *yypcontext_location(ctx), expected, n);
  return 0;
}

struct program *parse_program(struct arena *a, uint32_t file) {
  const char *outer_pass = diag_set_pass("parse");
  struct parser p = {.arena = a};
  lex_init(&p.lexer, a, file, START_PROGRAM);
  if (yyparse(&p) != 0) {
    diag_abort();
  }
  parse_check_nesting(p.program);
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
  parse_check_spec_nesting(p.spec);
  return p.spec;
}
