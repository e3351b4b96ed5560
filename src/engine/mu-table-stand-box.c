/* mu-table-stand-box.c: boxes around a unit's stands, the cheap first
 * test of the loops that measure a unit against every other (see
 * mu-table-stand.h). */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-table-stand.h"

#include <math.h>
#include <stdlib.h>

#include "mu-table-geom.h"

void
mu_stands_box (const MuStand *stands,
               guint          n,
               MuStandsBox   *box)
{
  g_return_if_fail (box != NULL && (stands != NULL || n == 0));

  *box = (MuStandsBox) { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  /* the loose boxes mu-table-stand.c gives each stand, with the same slack */
  for (guint i = 0; i < n; i++)
    {
      double r = fabs (stands[i].width) / 2 + fabs (stands[i].depth) / 2 + MU_STANDS_BOX_SLACK;

      box->x0 = MIN (box->x0, stands[i].centre.x - r), box->x1 = MAX (box->x1, stands[i].centre.x + r);
      box->y0 = MIN (box->y0, stands[i].centre.y - r), box->y1 = MAX (box->y1, stands[i].centre.y + r);
    }
}

gboolean
mu_stands_boxes_near (const MuStandsBox *a,
                      const MuStandsBox *b,
                      double             limit)
{
  double gx, gy;

  g_return_val_if_fail (a != NULL && b != NULL, TRUE);

  if (a->x0 > a->x1 || b->x0 > b->x1)
    return FALSE;
  gx = MAX (b->x0 - a->x1, a->x0 - b->x1);
  gy = MAX (b->y0 - a->y1, a->y0 - b->y1);
  /* Each pair of stands has loose boxes inside these, as far apart or
   * farther: mu_stands_within () and mu_stands_overlap () pass every pair
   * over at this gap, and with twice the slack so do their fallbacks for
   * more stands than MU_STANDS_MAX. */
  return MAX (gx, gy) <= limit + 2 * (MU_TABLE_EPSILON + MU_STANDS_BOX_SLACK);
}

typedef struct {
  double x0;
  guint i;
} ByX0;

static int
cmp_by_x0 (gconstpointer x, gconstpointer y)
{
  const ByX0 *a = x, *b = y;

  return a->x0 < b->x0 ? -1 : a->x0 > b->x0 ? 1 : (int) a->i - (int) b->i;
}

static int
cmp_pair (gconstpointer x, gconstpointer y)
{
  const MuStandsPair *p = x, *q = y;

  return p->a != q->a ? (p->a < q->a ? -1 : 1) : p->b < q->b ? -1 : p->b > q->b;
}

/* The pairs of the n boxes that mu_stands_boxes_near () finds near (a
 * limit of 0), each both ways round, ordered by a then b. Sorted by their
 * left edges, a box is near only those that start before its right edge
 * (and the slack mu_stands_boxes_near () allows) does. */
GArray *
mu_stands_boxes_near_pairs (const MuStandsBox *boxes,
                            guint              n)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (MuStandsPair));

  g_return_val_if_fail (boxes != NULL || n == 0, out);
  g_autofree ByX0 *order = g_new (ByX0, n);

  for (guint i = 0; i < n; i++)
    order[i] = (ByX0) { boxes[i].x0, i };
  qsort (order, n, sizeof *order, cmp_by_x0);
  for (guint i = 0; i < n; i++)
    {
      const MuStandsBox *a = &boxes[order[i].i];

      if (a->x0 > a->x1)
        break;   /* no stands: these sort last */
      for (guint k = i + 1; k < n && order[k].x0 <= a->x1 + 1e-3; k++)
        if (mu_stands_boxes_near (a, &boxes[order[k].i], 0))
          {
            MuStandsPair ab = { order[i].i, order[k].i }, ba = { order[k].i, order[i].i };

            g_array_append_val (out, ab);
            g_array_append_val (out, ba);
          }
    }
  g_array_sort (out, cmp_pair);
  return out;
}
