/* muster-problems-page.h: the editor's Problems page: what the scenario's
 * check finds, a row a problem, with a count in its heading and title */
#pragma once

#include <gtk/gtk.h>

#include "mu-problem.h"

G_BEGIN_DECLS

#define MUSTER_TYPE_PROBLEMS_PAGE (muster_problems_page_get_type ())
G_DECLARE_FINAL_TYPE (MusterProblemsPage, muster_problems_page, MUSTER, PROBLEMS_PAGE, GtkBox)

/* Shows the problems (of MuProblem*, not kept). Activating a row says
 * "activated" with its index. */
void        muster_problems_page_show      (MusterProblemsPage *self, GPtrArray *problems);
/* The page's tab title: "Problems", with their number when there are any. */
const char *muster_problems_page_get_title (MusterProblemsPage *self);

G_END_DECLS
