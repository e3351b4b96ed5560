#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"

#include <glib/gi18n-lib.h>

/* Resizing a hex board: everything that stands on a hex moves with it.
 *
 * Inserting or removing k columns at the west edge renumbers every column by
 * k. On a flat-top board the printed column's parity decides which columns sit
 * half a hex lower, so an odd k would change every hex's neighbours; flipping
 * the offset (odd <-> even) keeps the shape. Pointy-top boards do the same with
 * rows at the north edge. Offsets are thus translation-invariant in axial
 * coordinates and hexside directions stay valid after the shift. */

typedef struct {
  int dc, dr;                 /* printed coordinate shift */
  MuHexGrid old_grid, grid;
  guint cells, sides, paths, labels, objectives, counters, entries, own_lines;
} Resize;

static gboolean
shift_hex (const Resize *rz,
           MuHex        *hex)
{
  hex->col += rz->dc;
  hex->row += rz->dr;
  return mu_hex_grid_contains (&rz->grid, *hex);
}

/* Shift a GArray of MuHex, dropping those off the new board; returns how many were dropped. */
static guint
shift_hex_array (const Resize *rz,
                 GArray       *hexes)
{
  guint kept = 0, n = hexes->len;

  for (guint i = 0; i < n; i++)
    {
      MuHex h = g_array_index (hexes, MuHex, i);

      if (shift_hex (rz, &h))
        g_array_index (hexes, MuHex, kept++) = h;
    }
  g_array_set_size (hexes, kept);
  return n - kept;
}

/* Entry hexes on the resized edge stay on that edge, at the same place along
 * it, so that a reserve still enters from the edge; others move with the board. */
static guint
shift_entry_hexes (const Resize *rz,
                   MuEdge        edge,
                   GArray       *hexes)
{
  guint kept = 0, n = hexes->len;

  for (guint i = 0; i < n; i++)
    {
      MuHex h = g_array_index (hexes, MuHex, i);
      gboolean on_edge = (edge == MU_EDGE_WEST && h.col == 1) ||
                         (edge == MU_EDGE_EAST && h.col == rz->old_grid.cols) ||
                         (edge == MU_EDGE_NORTH && h.row == 1) ||
                         (edge == MU_EDGE_SOUTH && h.row == rz->old_grid.rows);

      if (on_edge)
        {
          if (edge == MU_EDGE_EAST)
            h.col = rz->grid.cols;
          else if (edge == MU_EDGE_SOUTH)
            h.row = rz->grid.rows;
        }
      else if (!shift_hex (rz, &h))
        continue;
      if (mu_hex_grid_contains (&rz->grid, h))
        g_array_index (hexes, MuHex, kept++) = h;
    }
  g_array_set_size (hexes, kept);
  return n - kept;
}

static MuHexMap *
resize_map (Resize         *rz,
            const MuHexMap *old)
{
  MuHexMap *map = mu_hex_map_new (rz->grid.cols, rz->grid.rows, rz->grid.orientation,
                                  rz->grid.offset);
  int old_stride = old->grid.cols + 2;

  map->hex_size_mm = old->hex_size_mm;
  map->counter_size_mm = old->counter_size_mm;
  map->line = old->line;
  mu_extra_copy (&map->extra, &old->extra);

  for (int r = 1; r <= old->grid.rows; r++)
    for (int c = 1; c <= old->grid.cols; c++)
      {
        MuHex h = { c, r };
        const MuHexCell *from = mu_hex_map_cell (old, h);

        if (shift_hex (rz, &h))
          *mu_hex_map_cell (map, h) = *from;
        else if (from->terrain != MU_TERRAIN_OPEN || from->features || from->elevation)
          rz->cells++;
      }

  /* The sides array is indexed by canonical (hex, dir 0..2) over the board
   * and a one-hex border; walk it by position. */
  for (int r = 0; r <= old->grid.rows + 1; r++)
    for (int c = 0; c <= old->grid.cols + 1; c++)
      for (int d = 0; d < 3; d++)
        {
          guint8 v = old->sides[(r * old_stride + c) * 3 + d];
          MuHex h = { c, r };

          if (v == 0)
            continue;
          h.col += rz->dc;
          h.row += rz->dr;
          if (mu_hex_map_side_index (map, h, d) >= 0)
            mu_hex_map_set_side (map, h, d, v);
          else
            rz->sides++;
        }

  /* Paths: keep the runs of hexes that stay on the board. */
  for (guint i = 0; i < old->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (old->paths, i);
      MuPath *run = NULL;
      gboolean first = TRUE, cut = FALSE;

      for (guint j = 0; j <= p->hexes->len; j++)
        {
          MuHex h = { 0, 0 };
          gboolean on = FALSE;

          if (j < p->hexes->len)
            {
              h = g_array_index (p->hexes, MuHex, j);
              on = shift_hex (rz, &h);
            }
          if (on)
            {
              if (run == NULL)
                {
                  run = mu_path_new (p->kind);
                  run->name = g_strdup (p->name);
                  if (first)
                    {
                      /* the first surviving run keeps the path's identity */
                      run->id = g_strdup (p->id);
                      run->line = p->line;
                      mu_extra_copy (&run->extra, &p->extra);
                    }
                }
              g_array_append_val (run->hexes, h);
              continue;
            }
          if (j < p->hexes->len)
            cut = TRUE;
          if (run == NULL)
            continue;
          if (run->hexes->len >= 2)
            {
              g_ptr_array_add (map->paths, run);
              first = FALSE;
            }
          else
            mu_path_free (run);
          run = NULL;
        }
      if (cut)
        rz->paths++;
    }

  for (guint i = 0; i < old->labels->len; i++)
    {
      const MuLabel *l = g_ptr_array_index (old->labels, i);
      MuHex h = l->hex;

      if (shift_hex (rz, &h))
        {
          MuLabel *n = mu_label_new (l->text, h);

          n->dx = l->dx;
          n->dy = l->dy;
          n->scale = l->scale;
          n->line = l->line;
          mu_extra_copy (&n->extra, &l->extra);
          g_ptr_array_add (map->labels, n);
        }
      else
        rz->labels++;
    }
  return map;
}

/* format is an ngettext () call, so that the strings are found for translation */
#define ADD_COUNT(parts, n, format)                                           \
  G_STMT_START {                                                              \
    if ((n) > 0)                                                              \
      g_ptr_array_add (parts, g_strdup_printf (format, n));                   \
  } G_STMT_END

static char *
resize_report (const Resize *rz)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  ADD_COUNT (parts, rz->cells,
             g_dngettext (GETTEXT_PACKAGE, "%u hex of terrain", "%u hexes of terrain", rz->cells));
  ADD_COUNT (parts, rz->sides,
             g_dngettext (GETTEXT_PACKAGE, "%u hexside feature", "%u hexside features", rz->sides));
  ADD_COUNT (parts, rz->paths,
             g_dngettext (GETTEXT_PACKAGE, "part of %u path", "parts of %u paths", rz->paths));
  ADD_COUNT (parts, rz->labels, g_dngettext (GETTEXT_PACKAGE, "%u label", "%u labels", rz->labels));
  ADD_COUNT (parts, rz->objectives,
             g_dngettext (GETTEXT_PACKAGE, "%u objective", "%u objectives", rz->objectives));
  ADD_COUNT (parts, rz->entries,
             g_dngettext (GETTEXT_PACKAGE, "%u reserve entry hex", "%u reserve entry hexes", rz->entries));
  ADD_COUNT (parts, rz->own_lines,
             g_dngettext (GETTEXT_PACKAGE, "%u own-lines hex", "%u own-lines hexes", rz->own_lines));
  if (parts->len == 0 && rz->counters == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  list = g_strjoinv (", ", (char **) parts->pdata);
  if (rz->counters == 0)
    return g_strdup_printf (_("Removed with the board edge: %s."), list);
  if (*list == '\0')
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u counter is no longer placed.",
                                         "%u counters are no longer placed.", rz->counters),
                            rz->counters);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, 
                                       "Removed with the board edge: %s; %u counter is no longer placed.",
                                       "Removed with the board edge: %s; %u counters are no longer placed.",
                                       rz->counters),
                          list, rz->counters);
}

gboolean
mu_edit_resize_board (MuEditHistory *history,
                      MuEdge         edge,
                      int            count,
                      char         **report,
                      GError       **error)
{
  MuScenario *s;
  Resize rz = { 0 };
  MuHexMap *map;
  gboolean flip = FALSE;
  char *text;

  g_return_val_if_fail (MU_IS_EDIT_HISTORY (history), FALSE);

  if (report)
    *report = NULL;
  s = mu_edit_history_get_scenario (history);
  if (s->board != MU_BOARD_HEX || s->hex_map == NULL)
    return mu_edit_fail (error, _("Only a hex board has rows and columns; resize the table instead"));
  if (count == 0)
    return TRUE;

  rz.old_grid = rz.grid = s->hex_map->grid;
  switch (edge)
    {
    case MU_EDGE_NORTH:
      rz.grid.rows += count;
      rz.dr = count;
      flip = rz.grid.orientation == MU_HEX_POINTY_TOP && (count % 2) != 0;
      break;
    case MU_EDGE_SOUTH:
      rz.grid.rows += count;
      break;
    case MU_EDGE_WEST:
      rz.grid.cols += count;
      rz.dc = count;
      flip = rz.grid.orientation == MU_HEX_FLAT_TOP && (count % 2) != 0;
      break;
    case MU_EDGE_EAST:
      rz.grid.cols += count;
      break;
    default:
      return mu_edit_fail (error, _("Unknown board edge %d"), (int) edge);
    }
  if (rz.grid.cols < 1 || rz.grid.rows < 1 || rz.grid.cols > 999 || rz.grid.rows > 999)
    return mu_edit_fail (error, _("A board has 1 to 999 columns and rows; this would make %d × %d"),
                         rz.grid.cols, rz.grid.rows);
  if (flip)
    rz.grid.offset = rz.grid.offset == MU_HEX_OFFSET_ODD ? MU_HEX_OFFSET_EVEN : MU_HEX_OFFSET_ODD;

  map = resize_map (&rz, s->hex_map);

  s = mu_edit_touch (history, count > 0 ? _("Add Rows or Columns")
                                        : _("Remove Rows or Columns"));
  mu_hex_map_free (s->hex_map);
  s->hex_map = map;

  for (guint i = 0; i < s->objectives->len;)
    {
      MuObjective *o = g_ptr_array_index (s->objectives, i);

      if (shift_hex (&rz, &o->hex))
        i++;
      else
        {
          g_ptr_array_remove_index (s->objectives, i);
          rz.objectives++;
        }
    }
  for (guint i = 0; i < s->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (s->counters, i);

      if (c->place.kind != MU_PLACE_HEX)
        continue;
      if (!shift_hex (&rz, &c->place.hex))
        {
          c->place.kind = MU_PLACE_NONE;
          c->place.hex = MU_HEX_NONE;
          rz.counters++;
        }
    }
  for (guint i = 0; i < s->reserves->len; i++)
    {
      MuReserve *r = g_ptr_array_index (s->reserves, i);

      rz.entries += shift_entry_hexes (&rz, edge, r->entry);
    }
  for (guint i = 0; i < s->own_lines->len; i++)
    rz.own_lines += shift_hex_array (&rz, ((MuSideArea *) g_ptr_array_index (s->own_lines, i))->hexes);

  text = resize_report (&rz);
  if (text)
    mu_edit_add_detail (history, text);
  mu_edit_commit (history);
  if (report)
    *report = text;
  else
    g_free (text);
  return TRUE;
}
