#define G_LOG_DOMAIN "muster-edit"

#include "config.h"

#include "mu-edit.h"

#include "mu-edit-private.h"

#include <string.h>

/* Field-by-field comparison of two models. Each helper returns a newly
 * allocated description of the first difference, or NULL. Source lines and
 * the file name are not compared: they are not content. */

#define DIFF_INT(path, a, b)                                                  \
  G_STMT_START {                                                              \
    if ((a) != (b))                                                           \
      return g_strdup_printf ("%s: %d != %d", path, (int) (a), (int) (b));    \
  } G_STMT_END
#define DIFF_DBL(path, a, b)                                                  \
  G_STMT_START {                                                              \
    if ((a) != (b))                                                           \
      return g_strdup_printf ("%s: %g != %g", path, (double) (a), (double) (b)); \
  } G_STMT_END
#define DIFF_STR(path, a, b)                                                  \
  G_STMT_START {                                                              \
    if (g_strcmp0 ((a), (b)) != 0)                                            \
      return g_strdup_printf ("%s: \"%s\" != \"%s\"", path,                   \
                              (a) ? (a) : "(null)", (b) ? (b) : "(null)");    \
  } G_STMT_END
#define DIFF_SUB(expr)                                                        \
  G_STMT_START {                                                              \
    char *d_ = (expr);                                                        \
    if (d_)                                                                   \
      return d_;                                                              \
  } G_STMT_END

static char *
diff_str_array (const char      *path,
                const GPtrArray *a,
                const GPtrArray *b)
{
  guint na = a ? a->len : 0, nb = b ? b->len : 0;

  if (na != nb)
    return g_strdup_printf ("%s: %u items != %u items", path, na, nb);
  for (guint i = 0; i < na; i++)
    if (g_strcmp0 (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return g_strdup_printf ("%s[%u]: \"%s\" != \"%s\"", path, i,
                              (char *) g_ptr_array_index (a, i),
                              (char *) g_ptr_array_index (b, i));
  return NULL;
}

static char *
diff_extra (const char    *path,
            const MuExtra *a,
            const MuExtra *b)
{
  g_autofree char *pa = g_strconcat (path, ".extra.attributes", NULL);
  g_autofree char *pe = g_strconcat (path, ".extra.elements", NULL);

  DIFF_SUB (diff_str_array (pa, a->attributes, b->attributes));
  return diff_str_array (pe, a->elements, b->elements);
}

static char *
diff_garray (const char   *path,
             const GArray *a,
             const GArray *b,
             gsize         element_size)
{
  guint na = a ? a->len : 0, nb = b ? b->len : 0;

  if (na != nb)
    return g_strdup_printf ("%s: %u items != %u items", path, na, nb);
  if (na && memcmp (a->data, b->data, na * element_size) != 0)
    return g_strdup_printf ("%s: items differ", path);
  return NULL;
}

static char *
diff_label (const char    *path,
            const MuLabel *a,
            const MuLabel *b)
{
  DIFF_STR (path, a->text, b->text);
  DIFF_INT (path, a->hex.col, b->hex.col);
  DIFF_INT (path, a->hex.row, b->hex.row);
  DIFF_DBL (path, a->dx, b->dx);
  DIFF_DBL (path, a->dy, b->dy);
  DIFF_DBL (path, a->scale, b->scale);
  return diff_extra (path, &a->extra, &b->extra);
}

static char *
diff_labels (const char      *path,
             const GPtrArray *a,
             const GPtrArray *b)
{
  if (a->len != b->len)
    return g_strdup_printf ("%s: %u != %u", path, a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      g_autofree char *p = g_strdup_printf ("%s[%u]", path, i);

      DIFF_SUB (diff_label (p, g_ptr_array_index (a, i), g_ptr_array_index (b, i)));
    }
  return NULL;
}

static char *
diff_hex_map (const MuHexMap *a,
              const MuHexMap *b)
{
  if (memcmp (&a->grid, &b->grid, sizeof a->grid) != 0)
    return g_strdup_printf ("hex_map.grid: %dx%d/%d/%d != %dx%d/%d/%d",
                            a->grid.cols, a->grid.rows, a->grid.orientation, a->grid.offset,
                            b->grid.cols, b->grid.rows, b->grid.orientation, b->grid.offset);
  for (int i = 0; i < a->grid.cols * a->grid.rows; i++)
    {
      const MuHexCell *ca = &a->cells[i], *cb = &b->cells[i];

      if (ca->terrain != cb->terrain || ca->features != cb->features ||
          ca->elevation != cb->elevation)
        return g_strdup_printf ("hex_map.cells[%02d%02d]: %d/%d/%d != %d/%d/%d",
                                i % a->grid.cols + 1, i / a->grid.cols + 1,
                                ca->terrain, ca->features, ca->elevation,
                                cb->terrain, cb->features, cb->elevation);
    }
  if (memcmp (a->sides, b->sides, (gsize) (a->grid.cols + 2) * (a->grid.rows + 2) * 3) != 0)
    return g_strdup ("hex_map.sides differ");
  if (a->paths->len != b->paths->len)
    return g_strdup_printf ("hex_map.paths: %u != %u", a->paths->len, b->paths->len);
  for (guint i = 0; i < a->paths->len; i++)
    {
      const MuPath *pa = g_ptr_array_index (a->paths, i);
      const MuPath *pb = g_ptr_array_index (b->paths, i);
      g_autofree char *p = g_strdup_printf ("hex_map.paths[%u]", i);

      DIFF_STR (p, pa->id, pb->id);
      DIFF_INT (p, pa->kind, pb->kind);
      DIFF_STR (p, pa->name, pb->name);
      DIFF_SUB (diff_garray (p, pa->hexes, pb->hexes, sizeof (MuHex)));
      DIFF_SUB (diff_extra (p, &pa->extra, &pb->extra));
    }
  DIFF_SUB (diff_labels ("hex_map.labels", a->labels, b->labels));
  DIFF_DBL ("hex_map.hex_size_mm", a->hex_size_mm, b->hex_size_mm);
  DIFF_DBL ("hex_map.counter_size_mm", a->counter_size_mm, b->counter_size_mm);
  return diff_extra ("hex_map", &a->extra, &b->extra);
}

static char *
diff_table (const MuTableMap *a,
            const MuTableMap *b)
{
  DIFF_DBL ("table.width", a->width, b->width);
  DIFF_DBL ("table.height", a->height, b->height);
  DIFF_INT ("table.unit", a->unit, b->unit);
  DIFF_STR ("table.figure_scale", a->figure_scale, b->figure_scale);
  DIFF_DBL ("table.base_width", a->base_width, b->base_width);
  DIFF_DBL ("table.base_depth", a->base_depth, b->base_depth);
  if (a->areas->len != b->areas->len)
    return g_strdup_printf ("table.areas: %u != %u", a->areas->len, b->areas->len);
  for (guint i = 0; i < a->areas->len; i++)
    {
      const MuArea *x = g_ptr_array_index (a->areas, i);
      const MuArea *y = g_ptr_array_index (b->areas, i);
      g_autofree char *p = g_strdup_printf ("table.areas[%u]", i);

      DIFF_STR (p, x->id, y->id);
      DIFF_INT (p, x->kind, y->kind);
      DIFF_STR (p, x->name, y->name);
      DIFF_INT (p, x->level, y->level);
      DIFF_INT (p, x->capacity, y->capacity);
      DIFF_INT (p, x->defence, y->defence);
      DIFF_INT (p, x->hard_cover, y->hard_cover);
      DIFF_INT (p, x->grade, y->grade);
      DIFF_STR (p, x->side, y->side);
      DIFF_SUB (diff_garray (p, x->points, y->points, sizeof (MuPoint)));
      DIFF_SUB (diff_extra (p, &x->extra, &y->extra));
    }
  if (a->lines->len != b->lines->len)
    return g_strdup_printf ("table.lines: %u != %u", a->lines->len, b->lines->len);
  for (guint i = 0; i < a->lines->len; i++)
    {
      const MuPolyline *x = g_ptr_array_index (a->lines, i);
      const MuPolyline *y = g_ptr_array_index (b->lines, i);
      g_autofree char *p = g_strdup_printf ("table.lines[%u]", i);

      DIFF_STR (p, x->id, y->id);
      DIFF_INT (p, x->kind, y->kind);
      DIFF_STR (p, x->name, y->name);
      DIFF_DBL (p, x->width, y->width);
      DIFF_INT (p, x->grade, y->grade);
      DIFF_SUB (diff_garray (p, x->points, y->points, sizeof (MuPoint)));
      DIFF_SUB (diff_extra (p, &x->extra, &y->extra));
    }
  DIFF_SUB (diff_labels ("table.labels", a->labels, b->labels));
  if (a->home_edges->len != b->home_edges->len)
    return g_strdup_printf ("table.home_edges: %u != %u", a->home_edges->len, b->home_edges->len);
  for (guint i = 0; i < a->home_edges->len; i++)
    {
      const MuHomeEdge *x = g_ptr_array_index (a->home_edges, i);
      const MuHomeEdge *y = g_ptr_array_index (b->home_edges, i);
      g_autofree char *p = g_strdup_printf ("table.home_edges[%u]", i);

      DIFF_STR (p, x->side, y->side);
      DIFF_INT (p, x->edge, y->edge);
      DIFF_SUB (diff_extra (p, &x->extra, &y->extra));
    }
  return diff_extra ("table", &a->extra, &b->extra);
}

static char *
diff_values (const char      *path,
             const GPtrArray *a,
             const GPtrArray *b)
{
  guint na = a ? a->len : 0, nb = b ? b->len : 0;

  if (na != nb)
    return g_strdup_printf ("%s.values: %u != %u", path, na, nb);
  for (guint i = 0; i < na; i++)
    {
      const MuFieldValue *x = g_ptr_array_index (a, i);
      const MuFieldValue *y = g_ptr_array_index (b, i);
      g_autofree char *p = g_strdup_printf ("%s.values[%u]", path, i);

      DIFF_STR (p, x->field, y->field);
      DIFF_STR (p, x->value, y->value);
    }
  return NULL;
}

static char *
diff_counter (const char      *p,
              const MuCounter *a,
              const MuCounter *b)
{
  DIFF_STR (p, a->id, b->id);
  DIFF_INT (p, a->kind, b->kind);
  DIFF_STR (p, a->side, b->side);
  DIFF_STR (p, a->name, b->name);
  DIFF_STR (p, a->note, b->note);
  DIFF_INT (p, a->arm, b->arm);
  DIFF_STR (p, a->arm_word, b->arm_word);
  DIFF_INT (p, a->strength, b->strength);
  DIFF_STR (p, a->parent, b->parent);
  DIFF_INT (p, a->place.kind, b->place.kind);
  DIFF_INT (p, a->place.hex.col, b->place.hex.col);
  DIFF_INT (p, a->place.hex.row, b->place.hex.row);
  DIFF_DBL (p, a->place.pos.x, b->place.pos.x);
  DIFF_DBL (p, a->place.pos.y, b->place.pos.y);
  DIFF_DBL (p, a->place.facing, b->place.facing);
  DIFF_INT (p, a->place.formation, b->place.formation);
  DIFF_STR (p, a->formation_word, b->formation_word);
  DIFF_STR (p, a->place.reserve, b->place.reserve);
  DIFF_SUB (diff_values (p, a->values, b->values));
  return diff_extra (p, &a->extra, &b->extra);
}

gboolean
mu_edit_counter_equal (const MuCounter *a,
                       const MuCounter *b)
{
  g_autofree char *d = diff_counter ("counter", a, b);

  return d == NULL;
}

char *
mu_edit_scenario_diff (const MuScenario *a,
                       const MuScenario *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, NULL);

  DIFF_STR ("title", a->title, b->title);
  DIFF_STR ("description", a->description, b->description);
  DIFF_STR ("date", a->date, b->date);
  DIFF_STR ("author", a->author, b->author);
  DIFF_STR ("ruleset", a->ruleset, b->ruleset);
  DIFF_INT ("board", a->board, b->board);
  if ((a->hex_map == NULL) != (b->hex_map == NULL))
    return g_strdup ("hex_map: present != absent");
  if (a->hex_map)
    DIFF_SUB (diff_hex_map (a->hex_map, b->hex_map));
  if ((a->table == NULL) != (b->table == NULL))
    return g_strdup ("table: present != absent");
  if (a->table)
    DIFF_SUB (diff_table (a->table, b->table));

  if (a->sides->len != b->sides->len)
    return g_strdup_printf ("sides: %u != %u", a->sides->len, b->sides->len);
  for (guint i = 0; i < a->sides->len; i++)
    {
      const MuSide *x = g_ptr_array_index (a->sides, i);
      const MuSide *y = g_ptr_array_index (b->sides, i);
      g_autofree char *p = g_strdup_printf ("sides[%u]", i);

      DIFF_STR (p, x->id, y->id);
      DIFF_STR (p, x->name, y->name);
      DIFF_INT (p, x->colour, y->colour);
      DIFF_SUB (diff_values (p, x->values, y->values));
      DIFF_SUB (diff_extra (p, &x->extra, &y->extra));
    }
  if (a->counters->len != b->counters->len)
    return g_strdup_printf ("counters: %u != %u", a->counters->len, b->counters->len);
  for (guint i = 0; i < a->counters->len; i++)
    {
      g_autofree char *p = g_strdup_printf ("counters[%u]", i);

      DIFF_SUB (diff_counter (p, g_ptr_array_index (a->counters, i),
                              g_ptr_array_index (b->counters, i)));
    }
  if (a->objectives->len != b->objectives->len)
    return g_strdup_printf ("objectives: %u != %u", a->objectives->len, b->objectives->len);
  for (guint i = 0; i < a->objectives->len; i++)
    {
      const MuObjective *x = g_ptr_array_index (a->objectives, i);
      const MuObjective *y = g_ptr_array_index (b->objectives, i);
      g_autofree char *p = g_strdup_printf ("objectives[%u]", i);

      DIFF_STR (p, x->id, y->id);
      DIFF_STR (p, x->name, y->name);
      DIFF_INT (p, x->hex.col, y->hex.col);
      DIFF_INT (p, x->hex.row, y->hex.row);
      DIFF_DBL (p, x->pos.x, y->pos.x);
      DIFF_DBL (p, x->pos.y, y->pos.y);
      DIFF_DBL (p, x->radius, y->radius);
      DIFF_STR (p, x->owner, y->owner);
      DIFF_INT (p, x->value, y->value);
      DIFF_SUB (diff_extra (p, &x->extra, &y->extra));
    }
  if (a->tasks->len != b->tasks->len)
    return g_strdup_printf ("tasks: %u != %u", a->tasks->len, b->tasks->len);
  for (guint i = 0; i < a->tasks->len; i++)
    {
      const MuTaskObjective *x = g_ptr_array_index (a->tasks, i);
      const MuTaskObjective *y = g_ptr_array_index (b->tasks, i);
      g_autofree char *p = g_strdup_printf ("tasks[%u]", i);

      DIFF_STR (p, x->id, y->id);
      DIFF_STR (p, x->side, y->side);
      DIFF_STR (p, x->text, y->text);
      DIFF_STR (p, x->condition, y->condition);
      DIFF_INT (p, x->value, y->value);
      DIFF_SUB (diff_extra (p, &x->extra, &y->extra));
    }
  if (a->reserves->len != b->reserves->len)
    return g_strdup_printf ("reserves: %u != %u", a->reserves->len, b->reserves->len);
  for (guint i = 0; i < a->reserves->len; i++)
    {
      const MuReserve *x = g_ptr_array_index (a->reserves, i);
      const MuReserve *y = g_ptr_array_index (b->reserves, i);
      g_autofree char *p = g_strdup_printf ("reserves[%u]", i);

      DIFF_STR (p, x->id, y->id);
      DIFF_STR (p, x->side, y->side);
      DIFF_STR (p, x->name, y->name);
      DIFF_INT (p, x->kind, y->kind);
      DIFF_INT (p, x->arrival, y->arrival);
      DIFF_INT (p, x->bound, y->bound);
      DIFF_INT (p, x->roll, y->roll);
      DIFF_SUB (diff_garray (p, x->entry, y->entry, sizeof (MuHex)));
      DIFF_STR (p, x->edge, y->edge);
      DIFF_SUB (diff_garray (p, x->entry_points, y->entry_points, sizeof (MuPoint)));
      DIFF_SUB (diff_extra (p, &x->extra, &y->extra));
    }
  if (a->options->len != b->options->len)
    return g_strdup_printf ("options: %u != %u", a->options->len, b->options->len);
  for (guint i = 0; i < a->options->len; i++)
    {
      const MuRuleOption *x = g_ptr_array_index (a->options, i);
      const MuRuleOption *y = g_ptr_array_index (b->options, i);
      g_autofree char *p = g_strdup_printf ("options[%u]", i);

      DIFF_STR (p, x->key, y->key);
      DIFF_INT (p, x->enabled, y->enabled);
      DIFF_STR (p, x->value, y->value);
    }
  if (a->own_lines->len != b->own_lines->len)
    return g_strdup_printf ("own_lines: %u != %u", a->own_lines->len, b->own_lines->len);
  for (guint i = 0; i < a->own_lines->len; i++)
    {
      const MuSideArea *x = g_ptr_array_index (a->own_lines, i);
      const MuSideArea *y = g_ptr_array_index (b->own_lines, i);
      g_autofree char *p = g_strdup_printf ("own_lines[%u]", i);

      DIFF_STR (p, x->side, y->side);
      DIFF_SUB (diff_garray (p, x->hexes, y->hexes, sizeof (MuHex)));
    }

  DIFF_INT ("timeline.bounds", a->timeline.bounds, b->timeline.bounds);
  DIFF_INT ("timeline.first_bound", a->timeline.first_bound, b->timeline.first_bound);
  DIFF_INT ("timeline.start_minutes", a->timeline.start_minutes, b->timeline.start_minutes);
  DIFF_INT ("timeline.minutes_per_bound", a->timeline.minutes_per_bound,
            b->timeline.minutes_per_bound);
  DIFF_INT ("timeline.dawn_minutes", a->timeline.dawn_minutes, b->timeline.dawn_minutes);
  DIFF_INT ("timeline.dusk_minutes", a->timeline.dusk_minutes, b->timeline.dusk_minutes);
  DIFF_INT ("timeline.days", a->timeline.days, b->timeline.days);
  DIFF_SUB (diff_garray ("timeline.night_bounds", a->timeline.night_bounds,
                         b->timeline.night_bounds, sizeof (int)));
  DIFF_INT ("timeline.darkness_bound", a->timeline.darkness_bound, b->timeline.darkness_bound);
  DIFF_SUB (diff_extra ("timeline", &a->timeline.extra, &b->timeline.extra));
  DIFF_INT ("objectives_required", a->objectives_required, b->objectives_required);
  DIFF_SUB (diff_extra ("scenario", &a->extra, &b->extra));
  return diff_extra ("root", &a->root_extra, &b->root_extra);
}
