/* mu-problem.h: problems found in a scenario (load errors, semantic checks)
 *
 * Each problem prints as "FILE:LINE: error: MESSAGE" (or "warning:").
 * The editor's validation panel uses object_id / hex to jump to the place.
 */
#pragma once

#include <glib.h>

#include "mu-hex.h"

G_BEGIN_DECLS

typedef enum {
  MU_PROBLEM_ERROR,
  MU_PROBLEM_WARNING,
} MuProblemSeverity;

typedef struct {
  MuProblemSeverity severity;
  char *file;            /* may be NULL (an unsaved scenario) */
  int line;              /* 0 when unknown */
  char *message;         /* a sentence a person understands, no trailing period */
  char *object_id;       /* the counter/objective/reserve/... concerned, or NULL */
  MuHex hex;             /* the hex concerned, or MU_HEX_NONE */
} MuProblem;

MuProblem *mu_problem_new     (MuProblemSeverity severity, const char *file, int line,
                               const char *format, ...) G_GNUC_PRINTF (4, 5);
void       mu_problem_free    (MuProblem *problem);
/* "FILE:LINE: error: MESSAGE"; newly allocated. */
char      *mu_problem_to_string (const MuProblem *problem);
/* TEXT as a message may quote it: valid UTF-8 (invalid bytes replaced),
 * control characters as "?", at most 40 characters then "…"; newly
 * allocated. Input is never echoed raw or whole into a message. */
char      *mu_problem_quote   (const char *text);
/* A new GPtrArray of MuProblem* that frees its elements. */
GPtrArray *mu_problem_list_new (void);
/* Number of MU_PROBLEM_ERROR entries. */
guint      mu_problem_list_n_errors (GPtrArray *problems);

G_END_DECLS
