/* mu-scenario-check-private.h: what the semantic checks' parts share
 * (mu-scenario-check.c, mu-scenario-check-board.c) */
#pragma once

#include "mu-problem.h"
#include "mu-ruleset.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

typedef struct {
  const MuScenario *s;
  const MuRuleset *ruleset; /* NULL when unknown */
  GPtrArray *problems;
  GHashTable *ids;       /* id -> GINT_TO_POINTER (line) */
  guint n_unplaced;
  /* The counters indexed once, so that checking each one against the
   * others stays linear in their number: id -> the first counter with it;
   * "SIDE DIVISION" -> the first command counter; sides with a command. */
  GHashTable *counter_by_id;
  GHashTable *sides_with_commands;
} MuChecker;

/* Appends a problem of the scenario's file at line; returns it (owned by
 * the checker's list). */
MuProblem       *mu_checker_add          (MuChecker *ck, MuProblemSeverity severity, int line,
                                          const char *format, ...) G_GNUC_PRINTF (4, 5);
#define ERR(ck, line, ...) mu_checker_add ((ck), MU_PROBLEM_ERROR, (line), __VA_ARGS__)
#define WARN(ck, line, ...) mu_checker_add ((ck), MU_PROBLEM_WARNING, (line), __VA_ARGS__)

/* Names the object a problem is about. */
void             mu_checker_set_object   (MuProblem *p, const char *id);
/* The hex grid, NULL on a tabletop. */
const MuHexGrid *mu_checker_grid         (MuChecker *ck);
/* The hex as the board labels it; free it. */
char            *mu_checker_hex_label    (MuChecker *ck, MuHex hex);
void             mu_checker_text         (MuChecker *ck, const char *what, const char *text, int line);
void             mu_checker_id           (MuChecker *ck, const char *kind, const char *id, int line,
                                          gboolean required);
gboolean         mu_checker_side_ref     (MuChecker *ck, const char *what, const char *side,
                                          const char *object_id, int line);
gboolean         mu_checker_on_board     (MuChecker *ck, const char *what, MuHex hex,
                                          const char *object_id, int line);

/* The board: hexes, or the tabletop's shapes and stands
 * (mu-scenario-check-board.c). */
void             mu_checker_hex_map      (MuChecker *ck);
void             mu_checker_table        (MuChecker *ck);
void             mu_checker_table_stands (MuChecker *ck, const MuCounter *c, const char *what);

G_END_DECLS
