/* The parser's error messages: one per failure, saying what was found and what was
 * expected, with a note at the innermost unclosed bracket (STYLE.md rule 6).
 *
 * Syntax errors come from Bison (parser.y's yyreport_syntax_error, which passes on the
 * token found and, thanks to LAC, exactly the tokens that could have come instead);
 * the expected tokens are named by category (Note [Expected tokens]), and a few
 * common mistakes get messages of their own. Errors that actions find (a qualified
 * operator being defined, `a[i] [j]`) come through parse_error. Token kinds are the
 * grammar's (parser.h); with api.token.raw they are also Bison's symbol kinds. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parser/parse_internal.h"
#include "support/arena.h"

/* An error found by an action; the action then stops the parse with YYABORT. */
void parse_error(struct parser *p, struct loc loc, const char *fmt, ...) {
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
void yyerror(const struct loc *loc, struct parser *parser, const char *msg) {
  (void)parser;
  diag_error(*loc, "nesting too deep (the parser ran out of stack: %s)", msg);
}

static bool is_operator_symbol(yytoken_kind_t s) {
  /* The operator tokens are declared together, from "-" to "=...". */
  return (s >= NEGATE && s <= OP_EQU && s != BANG) || s == BACKTICK;
}

/* What the parser found, for "unexpected ...". */
static const char *describe_found(struct parser *p, yytoken_kind_t s) {
  const char *text = lex_token_text(&p->lexer, p->arena);
  switch (s) {
  case END:
    return "end of file";
  case ID:
    return arena_printf(p->arena, "identifier '%s'", text);
  case NATLIT:
  case INTLIT:
    return arena_printf(p->arena, "integer literal '%s'", text);
  case FLOATLIT:
    return arena_printf(p->arena, "float literal '%s'", text);
  case STRINGLIT:
    return "string literal";
  default:
    if (is_operator_symbol(s) || s == BANG) {
      return arena_printf(p->arena, "operator '%s'", text);
    }
    return arena_printf(p->arena, "'%s'", text);
  }
}

static bool has_symbol(const yytoken_kind_t *set, int n, yytoken_kind_t s) {
  for (int i = 0; i < n; i++) {
    if (set[i] == s) {
      return true;
    }
  }
  return false;
}

static bool in_list(const yytoken_kind_t *list, size_t n, yytoken_kind_t s) {
  return has_symbol(list, (int)n, s);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const yytoken_kind_t expression_start[] = {
    ID,     NATLIT,    INTLIT, FLOATLIT, KW_TRUE, KW_FALSE,  LPAREN, LBRACKET,
    LBRACE, BACKSLASH, KW_IF,  KW_LET,   KW_LOOP, KW_ASSERT, NEGATE, BANG,
    HASH_LBRACKET,
};
static const yytoken_kind_t expression_continuation[] = {
    INDEX_LBRACKET, DOT, KW_WITH, COLON, COLON_GT,
};
static const yytoken_kind_t type_start[] = {
    ID, LPAREN, LBRACE, LBRACKET, INDEX_LBRACKET, ASTERISK, QUESTION,
};
static const yytoken_kind_t pattern_start[] = {
    ID, LPAREN, LBRACE, UNDERSCORE,
};
static const yytoken_kind_t type_parameter_start[] = {
    APOSTROPHE, APOSTROPHE_TILDE, APOSTROPHE_HAT,
};
static const yytoken_kind_t declaration_start[] = {
    KW_DEF, KW_ENTRY, KW_TYPE, KW_MODULE, KW_OPEN, KW_IMPORT, KW_LOCAL, HASH_LBRACKET, DOC,
};
/* Tokens that say most about what is missing come first in the expected list. */
static const yytoken_kind_t structural[] = {
    RPAREN, RBRACKET, RBRACE, KW_IN, KW_THEN, KW_ELSE, KW_DO, EQUALS, ARROW, COMMA,
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
  const char *texts[PARSE_TOKEN_COUNT];
  int ranks[PARSE_TOKEN_COUNT]; /* 0: tokens that close constructs, 1: categories, 2: rest */
  int count;
  bool absorbed[PARSE_TOKEN_COUNT]; /* tokens a category already stands for */
};

static void add_expected(struct expected *e, const char *text, int rank) {
  for (int i = 0; i < e->count; i++) {
    if (strcmp(e->texts[i], text) == 0) {
      return;
    }
  }
  if (e->count < PARSE_TOKEN_COUNT) {
    e->texts[e->count] = text;
    e->ranks[e->count++] = rank;
  }
}

static void absorb(struct expected *e, const yytoken_kind_t *members, size_t count) {
  for (size_t i = 0; i < count; i++) {
    e->absorbed[members[i]] = true;
  }
}

/* A token as the user wrote it: both kinds of '[' look the same. */
static const char *token_spelling(yytoken_kind_t s) {
  return s == INDEX_LBRACKET ? "[" : parse_token_name(s);
}

/* The categories present in the expected set, each marked by a token only it can
 * start with, and the tokens they stand for. */
static void add_categories(struct expected *e, const yytoken_kind_t *set, int n) {
  static const struct {
    yytoken_kind_t marker;
    const char *name;
    const yytoken_kind_t *members;
    size_t member_count;
  } categories[] = {
      {KW_DEF, "declaration", declaration_start, COUNT(declaration_start)},
      {KW_IF, "expression", expression_start, COUNT(expression_start)},
      {QUESTION, "type", type_start, COUNT(type_start)},
      {UNDERSCORE, "pattern", pattern_start, COUNT(pattern_start)},
      {APOSTROPHE, "type parameter", type_parameter_start,
       COUNT(type_parameter_start)},
  };
  for (size_t c = 0; c < COUNT(categories); c++) {
    if (has_symbol(set, n, categories[c].marker)) {
      add_expected(e, categories[c].name, 1);
      absorb(e, categories[c].members, categories[c].member_count);
    }
  }
  if (has_symbol(set, n, OP_PLUS)) {
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
static const char *describe_expected(struct parser *p, const yytoken_kind_t *set, int n) {
  struct expected e = {.count = 0};
  add_categories(&e, set, n);
  for (int i = 0; i < n; i++) {
    yytoken_kind_t s = set[i];
    if (e.absorbed[s]) {
      continue;
    }
    /* The tokens up to DOC are named by what they are, the others by spelling. */
    const char *text = s <= DOC ? parse_token_name(s)
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

static bool is_declaration_keyword(yytoken_kind_t s) {
  return s == KW_DEF || s == KW_ENTRY || s == KW_TYPE || s == KW_MODULE || s == KW_OPEN ||
         s == KW_IMPORT || s == KW_LOCAL;
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
void parse_report_syntax_error(struct parser *p, yytoken_kind_t found, struct loc loc,
                               const yytoken_kind_t *expected, int n) {
  if (found == ERROR) {
    diag_error(loc, "%s", p->lexer.error);
    return;
  }
  if (found == DOC) {
    diag_error(loc, "doc comments ('-- |') may only come before a declaration or a "
                    "specification");
    return;
  }
  const char *what = describe_found(p, found);
  if (found == UNDERSCORE && (has_symbol(expected, n, KW_IF) || has_symbol(expected, n, ID))) {
    /* As in Futhark, '_' only ever binds nothing: it is not a value. */
    diag_error(loc, "'_' is not a value: it may only stand for a pattern that binds "
                    "nothing (or a size in a type)");
  } else if (has_symbol(expected, n, KW_IN) && (is_declaration_keyword(found) || found == END)) {
    diag_error(loc, "unexpected %s; missing 'in'?", what);
  } else {
    const char *list = describe_expected(p, expected, n);
    if (list[0] != '\0') {
      diag_error(loc, "unexpected %s, expected %s", what, list);
    } else {
      diag_error(loc, "unexpected %s", what);
    }
  }
  note_open_bracket(p);
}
