#define G_LOG_DOMAIN "muster-scenario"

#include "config.h"

#include "mu-scenario.h"

#include <glib/gi18n.h>
#include <string.h>

/* Extension data ------------------------------------------------------------- */

void
mu_extra_clear (MuExtra *extra)
{
  g_clear_pointer (&extra->attributes, g_ptr_array_unref);
  g_clear_pointer (&extra->elements, g_ptr_array_unref);
}

static GPtrArray *
copy_str_array (const GPtrArray *src)
{
  GPtrArray *dst;

  if (src == NULL)
    return NULL;
  dst = g_ptr_array_new_full (src->len, g_free);
  for (guint i = 0; i < src->len; i++)
    g_ptr_array_add (dst, g_strdup (g_ptr_array_index (src, i)));
  return dst;
}

void
mu_extra_copy (MuExtra       *dest,
               const MuExtra *src)
{
  dest->attributes = copy_str_array (src->attributes);
  dest->elements = copy_str_array (src->elements);
}

static GArray *
copy_array (const GArray *src)
{
  GArray *dst;

  if (src == NULL)
    return NULL;
  dst = g_array_sized_new (FALSE, TRUE, g_array_get_element_size ((GArray *) src), src->len);
  g_array_append_vals (dst, src->data, src->len);
  return dst;
}

/* Hex map -------------------------------------------------------------------- */

MuHexMap *
mu_hex_map_new (int              cols,
                int              rows,
                MuHexOrientation orientation,
                MuHexOffset      offset)
{
  MuHexMap *map;

  g_return_val_if_fail (cols >= 1 && rows >= 1, NULL);
  g_return_val_if_fail (cols <= 999 && rows <= 999, NULL);

  map = g_new0 (MuHexMap, 1);
  map->grid.cols = cols;
  map->grid.rows = rows;
  map->grid.orientation = orientation;
  map->grid.offset = offset;
  map->cells = g_new0 (MuHexCell, (gsize) cols * rows);
  map->sides = g_new0 (guint8, (gsize) (cols + 2) * (rows + 2) * 3);
  map->paths = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_path_free);
  map->labels = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_label_free);
  map->hex_size_mm = 16.0;
  return map;
}

void
mu_hex_map_free (MuHexMap *map)
{
  if (map == NULL)
    return;
  g_free (map->cells);
  g_free (map->sides);
  g_ptr_array_unref (map->paths);
  g_ptr_array_unref (map->labels);
  mu_extra_clear (&map->extra);
  g_free (map);
}

static MuPath *
path_copy (const MuPath *src)
{
  MuPath *p = mu_path_new (src->kind);

  p->id = g_strdup (src->id);
  p->name = g_strdup (src->name);
  g_array_append_vals (p->hexes, src->hexes->data, src->hexes->len);
  p->line = src->line;
  mu_extra_copy (&p->extra, &src->extra);
  return p;
}

static MuLabel *
label_copy (const MuLabel *src)
{
  MuLabel *l = mu_label_new (src->text, src->hex);

  l->dx = src->dx;
  l->dy = src->dy;
  l->scale = src->scale;
  l->line = src->line;
  mu_extra_copy (&l->extra, &src->extra);
  return l;
}

MuHexMap *
mu_hex_map_copy (const MuHexMap *src)
{
  MuHexMap *map = mu_hex_map_new (src->grid.cols, src->grid.rows,
                                  src->grid.orientation, src->grid.offset);
  gsize ncells = (gsize) src->grid.cols * src->grid.rows;

  memcpy (map->cells, src->cells, ncells * sizeof (MuHexCell));
  memcpy (map->sides, src->sides, (gsize) (src->grid.cols + 2) * (src->grid.rows + 2) * 3);
  for (guint i = 0; i < src->paths->len; i++)
    g_ptr_array_add (map->paths, path_copy (g_ptr_array_index (src->paths, i)));
  for (guint i = 0; i < src->labels->len; i++)
    g_ptr_array_add (map->labels, label_copy (g_ptr_array_index (src->labels, i)));
  map->hex_size_mm = src->hex_size_mm;
  map->counter_size_mm = src->counter_size_mm;
  map->line = src->line;
  mu_extra_copy (&map->extra, &src->extra);
  return map;
}

MuHexCell *
mu_hex_map_cell (const MuHexMap *map,
                 MuHex           hex)
{
  g_return_val_if_fail (map != NULL, NULL);
  if (!mu_hex_grid_contains (&map->grid, hex))
    return NULL;
  return &map->cells[(gsize) (hex.row - 1) * map->grid.cols + (hex.col - 1)];
}

int
mu_hex_map_side_index (const MuHexMap *map,
                       MuHex           hex,
                       int             dir)
{
  MuHexside side;
  MuHex a, b;
  int stride = map->grid.cols + 2;

  g_return_val_if_fail (dir >= 0 && dir < MU_HEX_DIRECTIONS, -1);

  side = mu_hexside_canonical (&map->grid, hex, dir);
  mu_hexside_hexes (&map->grid, side, &a, &b);
  if (!mu_hex_grid_contains (&map->grid, a) && !mu_hex_grid_contains (&map->grid, b))
    return -1;
  /* Canonical hexes of board hexsides lie within one hex of the board. */
  if (side.hex.col < 0 || side.hex.row < 0 ||
      side.hex.col > map->grid.cols + 1 || side.hex.row > map->grid.rows + 1)
    return -1;
  return (side.hex.row * stride + side.hex.col) * 3 + side.dir;
}

guint
mu_hex_map_side (const MuHexMap *map,
                 MuHex           hex,
                 int             dir)
{
  int i = mu_hex_map_side_index (map, hex, dir);

  return i < 0 ? 0 : map->sides[i];
}

void
mu_hex_map_set_side (MuHexMap *map,
                     MuHex     hex,
                     int       dir,
                     guint     features)
{
  int i = mu_hex_map_side_index (map, hex, dir);

  g_return_if_fail (i >= 0);
  map->sides[i] = (guint8) (features & MU_SIDE_ALL);
}

gboolean
mu_hex_map_has_link (const MuHexMap *map,
                     MuHex           hex,
                     int             dir,
                     MuPathKind      kind)
{
  MuHex other = mu_hex_neighbour (&map->grid, hex, dir);

  for (guint i = 0; i < map->paths->len; i++)
    {
      const MuPath *p = g_ptr_array_index (map->paths, i);

      if (p->kind != kind)
        continue;
      for (guint j = 1; j < p->hexes->len; j++)
        {
          MuHex h0 = g_array_index (p->hexes, MuHex, j - 1);
          MuHex h1 = g_array_index (p->hexes, MuHex, j);

          if ((mu_hex_equal (h0, hex) && mu_hex_equal (h1, other)) ||
              (mu_hex_equal (h1, hex) && mu_hex_equal (h0, other)))
            return TRUE;
        }
    }
  return FALSE;
}

/* Table ---------------------------------------------------------------------- */

MuTableMap *
mu_table_map_new (double       width,
                  double       height,
                  MuLengthUnit unit,
                  const char  *figure_scale)
{
  MuTableMap *t = g_new0 (MuTableMap, 1);

  t->width = width;
  t->height = height;
  t->unit = unit;
  t->figure_scale = g_strdup (figure_scale ? figure_scale : "15mm");
  t->areas = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_area_free);
  t->lines = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_polyline_free);
  t->labels = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_label_free);
  t->home_edges = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_home_edge_free);
  return t;
}

void
mu_table_map_free (MuTableMap *t)
{
  if (t == NULL)
    return;
  g_free (t->figure_scale);
  g_ptr_array_unref (t->areas);
  g_ptr_array_unref (t->lines);
  g_ptr_array_unref (t->labels);
  g_ptr_array_unref (t->home_edges);
  mu_extra_clear (&t->extra);
  g_free (t);
}

static MuTableMap *
table_copy (const MuTableMap *src)
{
  MuTableMap *t = mu_table_map_new (src->width, src->height, src->unit, src->figure_scale);

  t->base_width = src->base_width;
  t->base_depth = src->base_depth;
  for (guint i = 0; i < src->areas->len; i++)
    {
      const MuArea *a = g_ptr_array_index (src->areas, i);
      MuArea *c = mu_area_new (a->kind);

      c->id = g_strdup (a->id);
      c->name = g_strdup (a->name);
      c->level = a->level;
      c->capacity = a->capacity;
      c->defence = a->defence;
      c->hard_cover = a->hard_cover;
      c->grade = a->grade;
      c->side = g_strdup (a->side);
      g_array_append_vals (c->points, a->points->data, a->points->len);
      c->line = a->line;
      mu_extra_copy (&c->extra, &a->extra);
      g_ptr_array_add (t->areas, c);
    }
  for (guint i = 0; i < src->lines->len; i++)
    {
      const MuPolyline *l = g_ptr_array_index (src->lines, i);
      MuPolyline *c = mu_polyline_new (l->kind);

      c->id = g_strdup (l->id);
      c->name = g_strdup (l->name);
      c->width = l->width;
      c->grade = l->grade;
      g_array_append_vals (c->points, l->points->data, l->points->len);
      c->line = l->line;
      mu_extra_copy (&c->extra, &l->extra);
      g_ptr_array_add (t->lines, c);
    }
  for (guint i = 0; i < src->labels->len; i++)
    g_ptr_array_add (t->labels, label_copy (g_ptr_array_index (src->labels, i)));
  for (guint i = 0; i < src->home_edges->len; i++)
    {
      const MuHomeEdge *e = g_ptr_array_index (src->home_edges, i);
      MuHomeEdge *c = mu_home_edge_new (e->side, e->edge);

      c->line = e->line;
      mu_extra_copy (&c->extra, &e->extra);
      g_ptr_array_add (t->home_edges, c);
    }
  t->line = src->line;
  mu_extra_copy (&t->extra, &src->extra);
  return t;
}

/* Small objects ---------------------------------------------------------------- */

MuPath *
mu_path_new (MuPathKind kind)
{
  MuPath *p = g_new0 (MuPath, 1);

  p->kind = kind;
  p->hexes = g_array_new (FALSE, TRUE, sizeof (MuHex));
  return p;
}

void
mu_path_free (MuPath *p)
{
  if (p == NULL)
    return;
  g_free (p->id);
  g_free (p->name);
  g_array_unref (p->hexes);
  mu_extra_clear (&p->extra);
  g_free (p);
}

MuLabel *
mu_label_new (const char *text,
              MuHex       hex)
{
  MuLabel *l = g_new0 (MuLabel, 1);

  l->text = g_strdup (text ? text : "");
  l->hex = hex;
  l->scale = 1.0;
  return l;
}

void
mu_label_free (MuLabel *l)
{
  if (l == NULL)
    return;
  g_free (l->text);
  mu_extra_clear (&l->extra);
  g_free (l);
}

MuArea *
mu_area_new (MuAreaKind kind)
{
  MuArea *a = g_new0 (MuArea, 1);

  a->kind = kind;
  a->points = g_array_new (FALSE, TRUE, sizeof (MuPoint));
  return a;
}

void
mu_area_free (MuArea *a)
{
  if (a == NULL)
    return;
  g_free (a->id);
  g_free (a->name);
  g_free (a->side);
  g_array_unref (a->points);
  mu_extra_clear (&a->extra);
  g_free (a);
}

MuPolyline *
mu_polyline_new (MuLineKind kind)
{
  MuPolyline *l = g_new0 (MuPolyline, 1);

  l->kind = kind;
  l->points = g_array_new (FALSE, TRUE, sizeof (MuPoint));
  return l;
}

void
mu_polyline_free (MuPolyline *l)
{
  if (l == NULL)
    return;
  g_free (l->id);
  g_free (l->name);
  g_array_unref (l->points);
  mu_extra_clear (&l->extra);
  g_free (l);
}

MuHomeEdge *
mu_home_edge_new (const char  *side,
                  MuTableEdge  edge)
{
  MuHomeEdge *e = g_new0 (MuHomeEdge, 1);

  e->side = g_strdup (side);
  e->edge = edge;
  return e;
}

void
mu_home_edge_free (MuHomeEdge *e)
{
  if (e == NULL)
    return;
  g_free (e->side);
  mu_extra_clear (&e->extra);
  g_free (e);
}

MuSide *
mu_side_new (const char *id,
             const char *name,
             guint32     colour)
{
  MuSide *s = g_new0 (MuSide, 1);

  s->id = g_strdup (id);
  s->name = g_strdup (name);
  s->colour = colour;
  return s;
}

void
mu_side_free (MuSide *s)
{
  if (s == NULL)
    return;
  g_free (s->id);
  g_free (s->name);
  g_clear_pointer (&s->values, g_ptr_array_unref);
  mu_extra_clear (&s->extra);
  g_free (s);
}

MuFieldValue *
mu_field_value_new (const char *field,
                    const char *value)
{
  MuFieldValue *v = g_new0 (MuFieldValue, 1);

  v->field = g_strdup (field);
  v->value = g_strdup (value);
  return v;
}

void
mu_field_value_free (MuFieldValue *v)
{
  if (v == NULL)
    return;
  g_free (v->field);
  g_free (v->value);
  g_free (v);
}

static MuFieldValue *
values_find (const GPtrArray *values,
             const char      *field,
             guint           *index)
{
  for (guint i = 0; values && i < values->len; i++)
    {
      MuFieldValue *v = g_ptr_array_index (values, i);

      if (g_strcmp0 (v->field, field) == 0)
        {
          if (index)
            *index = i;
          return v;
        }
    }
  return NULL;
}

const char *
mu_values_get (const GPtrArray *values,
               const char      *field)
{
  MuFieldValue *v;

  g_return_val_if_fail (field != NULL, NULL);
  v = values_find (values, field, NULL);
  return v ? v->value : NULL;
}

void
mu_values_set (GPtrArray  **values,
               const char  *field,
               const char  *value)
{
  MuFieldValue *v;
  guint index = 0;

  g_return_if_fail (values != NULL && field != NULL);
  v = values_find (*values, field, &index);
  if (value == NULL)
    {
      if (v)
        g_ptr_array_remove_index (*values, index);
      return;
    }
  if (v)
    {
      g_free (v->value);
      v->value = g_strdup (value);
      return;
    }
  if (*values == NULL)
    *values = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_field_value_free);
  g_ptr_array_add (*values, mu_field_value_new (field, value));
}

GPtrArray *
mu_values_copy (const GPtrArray *values)
{
  GPtrArray *copy;

  if (values == NULL)
    return NULL;
  copy = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_field_value_free);
  for (guint i = 0; i < values->len; i++)
    {
      const MuFieldValue *v = g_ptr_array_index (values, i);
      MuFieldValue *c = mu_field_value_new (v->field, v->value);

      c->line = v->line;
      g_ptr_array_add (copy, c);
    }
  return copy;
}

MuCounter *
mu_counter_new (MuCounterKind kind,
                const char   *id,
                const char   *side)
{
  MuCounter *c = g_new0 (MuCounter, 1);

  c->kind = kind;
  c->id = g_strdup (id);
  c->side = g_strdup (side);
  if (kind == MU_COUNTER_UNIT)
    {
      c->range = 1;
      c->attack = 4;
      c->strength = 3;
    }
  else
    c->leadership = 2;
  return c;
}

void
mu_counter_free (MuCounter *c)
{
  if (c == NULL)
    return;
  g_free (c->id);
  g_free (c->side);
  g_free (c->name);
  g_free (c->note);
  g_free (c->parent);
  g_free (c->place.reserve);
  g_clear_pointer (&c->values, g_ptr_array_unref);
  mu_extra_clear (&c->extra);
  g_free (c);
}

MuCounter *
mu_counter_copy (const MuCounter *src)
{
  MuCounter *c = g_new0 (MuCounter, 1);

  *c = *src;
  c->id = g_strdup (src->id);
  c->side = g_strdup (src->side);
  c->name = g_strdup (src->name);
  c->note = g_strdup (src->note);
  c->parent = g_strdup (src->parent);
  c->place.reserve = g_strdup (src->place.reserve);
  c->values = mu_values_copy (src->values);
  mu_extra_copy (&c->extra, &src->extra);
  return c;
}

MuObjective *
mu_objective_new (const char *id)
{
  MuObjective *o = g_new0 (MuObjective, 1);

  o->id = g_strdup (id);
  o->value = 1;
  return o;
}

void
mu_objective_free (MuObjective *o)
{
  if (o == NULL)
    return;
  g_free (o->id);
  g_free (o->name);
  g_free (o->owner);
  mu_extra_clear (&o->extra);
  g_free (o);
}

MuTaskObjective *
mu_task_objective_new (const char *id)
{
  MuTaskObjective *t = g_new0 (MuTaskObjective, 1);

  t->id = g_strdup (id);
  t->value = 1;
  return t;
}

void
mu_task_objective_free (MuTaskObjective *t)
{
  if (t == NULL)
    return;
  g_free (t->id);
  g_free (t->side);
  g_free (t->text);
  g_free (t->condition);
  mu_extra_clear (&t->extra);
  g_free (t);
}

MuReserve *
mu_reserve_new (const char *id,
                const char *side)
{
  MuReserve *r = g_new0 (MuReserve, 1);

  r->id = g_strdup (id);
  r->side = g_strdup (side);
  r->bound = 1;
  r->entry = g_array_new (FALSE, TRUE, sizeof (MuHex));
  r->entry_points = g_array_new (FALSE, TRUE, sizeof (MuPoint));
  return r;
}

void
mu_reserve_free (MuReserve *r)
{
  if (r == NULL)
    return;
  g_free (r->id);
  g_free (r->side);
  g_free (r->name);
  g_free (r->edge);
  g_array_unref (r->entry);
  g_array_unref (r->entry_points);
  mu_extra_clear (&r->extra);
  g_free (r);
}

MuRuleOption *
mu_rule_option_new (const char *key,
                    gboolean    enabled)
{
  MuRuleOption *o = g_new0 (MuRuleOption, 1);

  o->key = g_strdup (key);
  o->enabled = enabled;
  return o;
}

MuRuleOption *
mu_rule_option_new_value (const char *key,
                          const char *value)
{
  MuRuleOption *o = mu_rule_option_new (key, FALSE);

  o->value = g_strdup (value);
  return o;
}

void
mu_rule_option_free (MuRuleOption *o)
{
  if (o == NULL)
    return;
  g_free (o->key);
  g_free (o->value);
  mu_extra_clear (&o->extra);
  g_free (o);
}

MuSideArea *
mu_side_area_new (const char *side)
{
  MuSideArea *a = g_new0 (MuSideArea, 1);

  a->side = g_strdup (side);
  a->hexes = g_array_new (FALSE, TRUE, sizeof (MuHex));
  return a;
}

void
mu_side_area_free (MuSideArea *a)
{
  if (a == NULL)
    return;
  g_free (a->side);
  g_array_unref (a->hexes);
  mu_extra_clear (&a->extra);
  g_free (a);
}

/* Scenario ----------------------------------------------------------------------- */

MuScenario *
mu_scenario_new (void)
{
  MuScenario *s = g_new0 (MuScenario, 1);

  s->title = g_strdup ("");
  s->ruleset = g_strdup ("baa-hex");
  s->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_side_free);
  s->counters = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_counter_free);
  s->objectives = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_objective_free);
  s->tasks = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_task_objective_free);
  s->reserves = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_reserve_free);
  s->options = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_rule_option_free);
  s->own_lines = g_ptr_array_new_with_free_func ((GDestroyNotify) mu_side_area_free);
  s->timeline.bounds = 12;
  s->timeline.first_bound = 1;
  s->timeline.start_minutes = 6 * 60;
  s->timeline.minutes_per_bound = 60;
  s->timeline.dawn_minutes = 5 * 60;
  s->timeline.dusk_minutes = 19 * 60 + 30;
  s->timeline.days = 1;
  s->timeline.night_bounds = g_array_new (FALSE, TRUE, sizeof (int));
  return s;
}

MuScenario *
mu_scenario_new_hex (const char       *ruleset,
                     int               cols,
                     int               rows,
                     MuHexOrientation  orientation,
                     MuHexOffset       offset)
{
  MuScenario *s = mu_scenario_new ();

  g_free (s->ruleset);
  s->ruleset = g_strdup (ruleset ? ruleset : "baa-hex");
  s->board = MU_BOARD_HEX;
  s->hex_map = mu_hex_map_new (cols, rows, orientation, offset);
  return s;
}

MuScenario *
mu_scenario_new_table (const char   *ruleset,
                       double        width,
                       double        height,
                       MuLengthUnit  unit,
                       const char   *figure_scale)
{
  MuScenario *s = mu_scenario_new ();

  g_free (s->ruleset);
  s->ruleset = g_strdup (ruleset ? ruleset : "baa-table");
  s->board = MU_BOARD_TABLE;
  s->table = mu_table_map_new (width, height, unit, figure_scale);
  return s;
}

void
mu_scenario_free (MuScenario *s)
{
  if (s == NULL)
    return;
  g_free (s->title);
  g_free (s->description);
  g_free (s->date);
  g_free (s->author);
  g_free (s->ruleset);
  mu_hex_map_free (s->hex_map);
  mu_table_map_free (s->table);
  g_ptr_array_unref (s->sides);
  g_ptr_array_unref (s->counters);
  g_ptr_array_unref (s->objectives);
  g_ptr_array_unref (s->tasks);
  g_ptr_array_unref (s->reserves);
  g_ptr_array_unref (s->options);
  g_ptr_array_unref (s->own_lines);
  g_array_unref (s->timeline.night_bounds);
  mu_extra_clear (&s->timeline.extra);
  g_free (s->filename);
  mu_extra_clear (&s->extra);
  mu_extra_clear (&s->root_extra);
  g_free (s);
}

MuScenario *
mu_scenario_copy (const MuScenario *src)
{
  MuScenario *s = mu_scenario_new ();

  g_return_val_if_fail (src != NULL, NULL);

  g_free (s->title);
  g_free (s->ruleset);
  s->title = g_strdup (src->title);
  s->description = g_strdup (src->description);
  s->date = g_strdup (src->date);
  s->author = g_strdup (src->author);
  s->ruleset = g_strdup (src->ruleset);
  s->board = src->board;
  if (src->hex_map)
    s->hex_map = mu_hex_map_copy (src->hex_map);
  if (src->table)
    s->table = table_copy (src->table);

  for (guint i = 0; i < src->sides->len; i++)
    {
      const MuSide *a = g_ptr_array_index (src->sides, i);
      MuSide *b = mu_side_new (a->id, a->name, a->colour);
      b->line = a->line;
      b->values = mu_values_copy (a->values);
      mu_extra_copy (&b->extra, &a->extra);
      g_ptr_array_add (s->sides, b);
    }
  for (guint i = 0; i < src->counters->len; i++)
    g_ptr_array_add (s->counters, mu_counter_copy (g_ptr_array_index (src->counters, i)));
  for (guint i = 0; i < src->objectives->len; i++)
    {
      const MuObjective *a = g_ptr_array_index (src->objectives, i);
      MuObjective *b = mu_objective_new (a->id);
      b->name = g_strdup (a->name);
      b->hex = a->hex;
      b->pos = a->pos;
      b->radius = a->radius;
      b->owner = g_strdup (a->owner);
      b->value = a->value;
      b->line = a->line;
      mu_extra_copy (&b->extra, &a->extra);
      g_ptr_array_add (s->objectives, b);
    }
  for (guint i = 0; i < src->tasks->len; i++)
    {
      const MuTaskObjective *a = g_ptr_array_index (src->tasks, i);
      MuTaskObjective *b = mu_task_objective_new (a->id);
      b->side = g_strdup (a->side);
      b->text = g_strdup (a->text);
      b->condition = g_strdup (a->condition);
      b->value = a->value;
      b->line = a->line;
      mu_extra_copy (&b->extra, &a->extra);
      g_ptr_array_add (s->tasks, b);
    }
  for (guint i = 0; i < src->reserves->len; i++)
    {
      const MuReserve *a = g_ptr_array_index (src->reserves, i);
      MuReserve *b = mu_reserve_new (a->id, a->side);
      b->name = g_strdup (a->name);
      b->kind = a->kind;
      b->arrival = a->arrival;
      b->bound = a->bound;
      b->roll = a->roll;
      g_array_append_vals (b->entry, a->entry->data, a->entry->len);
      b->edge = g_strdup (a->edge);
      g_array_append_vals (b->entry_points, a->entry_points->data, a->entry_points->len);
      b->line = a->line;
      mu_extra_copy (&b->extra, &a->extra);
      g_ptr_array_add (s->reserves, b);
    }
  for (guint i = 0; i < src->options->len; i++)
    {
      const MuRuleOption *a = g_ptr_array_index (src->options, i);
      MuRuleOption *b = mu_rule_option_new (a->key, a->enabled);
      b->value = g_strdup (a->value);
      b->line = a->line;
      mu_extra_copy (&b->extra, &a->extra);
      g_ptr_array_add (s->options, b);
    }
  for (guint i = 0; i < src->own_lines->len; i++)
    {
      const MuSideArea *a = g_ptr_array_index (src->own_lines, i);
      MuSideArea *b = mu_side_area_new (a->side);
      g_array_append_vals (b->hexes, a->hexes->data, a->hexes->len);
      b->line = a->line;
      mu_extra_copy (&b->extra, &a->extra);
      g_ptr_array_add (s->own_lines, b);
    }

  g_array_unref (s->timeline.night_bounds);
  s->timeline = src->timeline;
  s->timeline.night_bounds = copy_array (src->timeline.night_bounds);
  mu_extra_copy (&s->timeline.extra, &src->timeline.extra);
  s->objectives_required = src->objectives_required;
  s->filename = g_strdup (src->filename);
  s->line = src->line;
  mu_extra_copy (&s->extra, &src->extra);
  mu_extra_copy (&s->root_extra, &src->root_extra);
  return s;
}

#define DEFINE_FIND(Type, name, array)                                        \
  Type *                                                                      \
  mu_scenario_find_##name (const MuScenario *scenario, const char *id)        \
  {                                                                           \
    g_return_val_if_fail (scenario != NULL, NULL);                            \
    if (id == NULL)                                                           \
      return NULL;                                                            \
    for (guint i = 0; i < scenario->array->len; i++)                          \
      {                                                                       \
        Type *item = g_ptr_array_index (scenario->array, i);                  \
        if (g_strcmp0 (item->id, id) == 0)                                    \
          return item;                                                        \
      }                                                                       \
    return NULL;                                                              \
  }

DEFINE_FIND (MuSide, side, sides)
DEFINE_FIND (MuCounter, counter, counters)
DEFINE_FIND (MuObjective, objective, objectives)
DEFINE_FIND (MuReserve, reserve, reserves)

MuCounter *
mu_scenario_find_command (const MuScenario *scenario,
                          const char       *side,
                          int               division)
{
  g_return_val_if_fail (scenario != NULL, NULL);

  for (guint i = 0; i < scenario->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (scenario->counters, i);

      if (c->kind == MU_COUNTER_COMMAND && c->division == division &&
          g_strcmp0 (c->side, side) == 0)
        return c;
    }
  return NULL;
}

gboolean
mu_scenario_side_has_commands (const MuScenario *scenario,
                               const char       *side)
{
  g_return_val_if_fail (scenario != NULL, FALSE);

  for (guint i = 0; i < scenario->counters->len; i++)
    {
      const MuCounter *c = g_ptr_array_index (scenario->counters, i);

      if (c->kind == MU_COUNTER_COMMAND && g_strcmp0 (c->side, side) == 0)
        return TRUE;
    }
  return FALSE;
}

MuCounterKind
mu_scenario_parent_kind (const MuScenario *scenario,
                         MuCounterKind     kind,
                         const char       *side)
{
  g_return_val_if_fail (scenario != NULL, MU_COUNTER_CONTROL);
  g_return_val_if_fail (kind != MU_COUNTER_CONTROL, MU_COUNTER_CONTROL);

  if (kind == MU_COUNTER_UNIT && mu_scenario_side_has_commands (scenario, side))
    return MU_COUNTER_COMMAND;
  return MU_COUNTER_CONTROL;
}

gboolean
mu_scenario_option (const MuScenario *scenario,
                    const char       *key,
                    gboolean          fallback)
{
  g_return_val_if_fail (scenario != NULL, fallback);

  for (guint i = 0; i < scenario->options->len; i++)
    {
      const MuRuleOption *o = g_ptr_array_index (scenario->options, i);

      if (g_strcmp0 (o->key, key) == 0)
        return o->enabled;
    }
  return fallback;
}

void
mu_scenario_set_option (MuScenario *scenario,
                        const char *key,
                        gboolean    enabled)
{
  g_return_if_fail (scenario != NULL && key != NULL);

  for (guint i = 0; i < scenario->options->len; i++)
    {
      MuRuleOption *o = g_ptr_array_index (scenario->options, i);

      if (g_strcmp0 (o->key, key) == 0)
        {
          o->enabled = enabled;
          g_clear_pointer (&o->value, g_free);
          return;
        }
    }
  g_ptr_array_add (scenario->options, mu_rule_option_new (key, enabled));
}

const char *
mu_scenario_option_value (const MuScenario *scenario,
                          const char       *key)
{
  g_return_val_if_fail (scenario != NULL, NULL);

  for (guint i = 0; i < scenario->options->len; i++)
    {
      const MuRuleOption *o = g_ptr_array_index (scenario->options, i);

      if (g_strcmp0 (o->key, key) == 0)
        return o->value;
    }
  return NULL;
}

int
mu_scenario_option_number (const MuScenario *scenario,
                           const char       *key,
                           int               fallback)
{
  const char *v = mu_scenario_option_value (scenario, key);
  gint64 n;

  if (v == NULL || !g_ascii_string_to_signed (v, 10, G_MININT, G_MAXINT, &n, NULL))
    return fallback;
  return (int) n;
}

void
mu_scenario_set_option_value (MuScenario *scenario,
                              const char *key,
                              const char *value)
{
  g_return_if_fail (scenario != NULL && key != NULL && value != NULL);

  for (guint i = 0; i < scenario->options->len; i++)
    {
      MuRuleOption *o = g_ptr_array_index (scenario->options, i);

      if (g_strcmp0 (o->key, key) == 0)
        {
          g_free (o->value);
          o->value = g_strdup (value);
          o->enabled = FALSE;
          return;
        }
    }
  g_ptr_array_add (scenario->options, mu_rule_option_new_value (key, value));
}

static gboolean
id_in_use (const MuScenario *s,
           const char       *id)
{
  if (mu_scenario_find_counter (s, id) || mu_scenario_find_side (s, id) ||
      mu_scenario_find_objective (s, id) || mu_scenario_find_reserve (s, id))
    return TRUE;
  for (guint i = 0; i < s->tasks->len; i++)
    if (g_strcmp0 (((MuTaskObjective *) g_ptr_array_index (s->tasks, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

gboolean
mu_id_is_valid (const char *id)
{
  gsize n;

  if (id == NULL)
    return FALSE;
  n = strlen (id);
  if (n == 0 || n > MU_ID_MAX_LENGTH || !g_ascii_isalnum (id[0]))
    return FALSE;
  for (gsize i = 1; i < n; i++)
    if (!g_ascii_isalnum (id[i]) && id[i] != '-' && id[i] != '_' && id[i] != '.')
      return FALSE;
  return TRUE;
}

char *
mu_scenario_unique_id (const MuScenario *scenario,
                       const char       *prefix)
{
  g_return_val_if_fail (scenario != NULL && prefix != NULL, NULL);

  for (guint n = 1;; n++)
    {
      char *id = g_strdup_printf ("%s%u", prefix, n);

      if (!id_in_use (scenario, id))
        return id;
      g_free (id);
    }
}

/* Names ------------------------------------------------------------------------ */

static const char *const terrain_names[MU_TERRAIN_N] = {
  "open", "woodland", "settlement", "marsh", "fields", "water", "rough",
};

static const char *const path_names[MU_PATH_N] = {
  "road", "turnpike", "railroad", "river", "stream",
};

static const char *const area_names[MU_AREA_N] = {
  "woods", "settlement", "hill", "field", "marsh", "fortification", "water", "rough",
  "impassable", "light-woods", "broken", "built-up", "building", "steep-slope", "deployment",
};

static const char *const line_names[MU_LINE_N] = {
  "road", "turnpike", "railroad", "stream", "river", "fence", "wall", "hedge", "defence-works",
  "impassable", "ford", "bridge", "crest",
};

static const char *const edge_names[MU_TABLE_EDGE_N] = {
  "north", "east", "south", "west",
};

static const char *const arm_names[MU_ARM_N] = {
  "infantry", "cavalry", "artillery", "riverboat",
};

static const char *const formation_names[MU_FORMATION_N] = {
  "line", "column", "skirmish", "limbered",
};

static const char *const reserve_kind_names[] = {
  "reserve", "reinforcement", "railroad", "flank-march", "out-circling",
};

static gboolean
lookup_name (const char *const *names,
             int                n,
             const char        *name,
             int               *out)
{
  if (name == NULL)
    return FALSE;
  for (int i = 0; i < n; i++)
    if (strcmp (names[i], name) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

#define DEFINE_NAMES(Type, prefix, names, count)                              \
  const char *                                                                \
  prefix##_to_string (Type value)                                             \
  {                                                                           \
    g_return_val_if_fail ((int) value >= 0 && (int) value < (int) (count), NULL); \
    return names[value];                                                      \
  }                                                                           \
  gboolean                                                                    \
  prefix##_from_string (const char *name, Type *value)                        \
  {                                                                           \
    int i;                                                                    \
    if (!lookup_name (names, (int) (count), name, &i))                        \
      return FALSE;                                                           \
    *value = (Type) i;                                                        \
    return TRUE;                                                              \
  }

DEFINE_NAMES (MuTerrain, mu_terrain, terrain_names, MU_TERRAIN_N)
DEFINE_NAMES (MuPathKind, mu_path_kind, path_names, MU_PATH_N)
DEFINE_NAMES (MuTableEdge, mu_table_edge, edge_names, MU_TABLE_EDGE_N)
DEFINE_NAMES (MuAreaKind, mu_area_kind, area_names, MU_AREA_N)
DEFINE_NAMES (MuLineKind, mu_line_kind, line_names, MU_LINE_N)
DEFINE_NAMES (MuArm, mu_arm, arm_names, MU_ARM_N)
DEFINE_NAMES (MuFormation, mu_formation, formation_names, MU_FORMATION_N)
DEFINE_NAMES (MuReserveKind, mu_reserve_kind, reserve_kind_names, G_N_ELEMENTS (reserve_kind_names))

const char *
mu_terrain_display_name (MuTerrain terrain)
{
  switch (terrain)
    {
    case MU_TERRAIN_OPEN: return _("Open ground");
    case MU_TERRAIN_WOODLAND: return _("Woodland");
    case MU_TERRAIN_SETTLEMENT: return _("Settlement");
    case MU_TERRAIN_MARSH: return _("Marsh");
    case MU_TERRAIN_FIELDS: return _("Fields");
    case MU_TERRAIN_WATER: return _("Water");
    case MU_TERRAIN_ROUGH: return _("Rough ground");
    case MU_TERRAIN_N:
    default:
      g_return_val_if_reached (NULL);
    }
}

static const char *const area_display_names[MU_AREA_N] = {
  N_("Woods"), N_("Settlement"), N_("Hill"), N_("Field"), N_("Marsh"), N_("Fortification"),
  N_("Water"), N_("Rough ground"), N_("Impassable ground"), N_("Light woods"), N_("Broken ground"),
  N_("Built-up area"), N_("Building"), N_("Steep slope"), N_("Deployment zone"),
};

static const char *const line_display_names[MU_LINE_N] = {
  N_("Road"), N_("Turnpike"), N_("Railroad"), N_("Stream"), N_("River"), N_("Fence"), N_("Wall"),
  N_("Hedge"), N_("Defence works"), N_("Impassable line"), N_("Ford"), N_("Bridge"), N_("Crest line"),
};

const char *
mu_area_kind_display_name (MuAreaKind kind)
{
  g_return_val_if_fail ((int) kind >= 0 && kind < MU_AREA_N, NULL);
  return _(area_display_names[kind]);
}

const char *
mu_line_kind_display_name (MuLineKind kind)
{
  g_return_val_if_fail ((int) kind >= 0 && kind < MU_LINE_N, NULL);
  return _(line_display_names[kind]);
}

const char *
mu_counter_kind_to_string (MuCounterKind kind)
{
  switch (kind)
    {
    case MU_COUNTER_CONTROL: return "control";
    case MU_COUNTER_COMMAND: return "command";
    case MU_COUNTER_UNIT: return "unit";
    default:
      g_return_val_if_reached (NULL);
    }
}

static const struct { guint bit; const char *name; } hex_feature_names[] = {
  { MU_HEX_FEATURE_STREAM, "stream" },
  { MU_HEX_FEATURE_FORD, "ford" },
  { MU_HEX_FEATURE_BRIDGE, "bridge" },
  { MU_HEX_FEATURE_IMPASSABLE, "impassable" },
  { MU_HEX_FEATURE_FORTIFICATION, "fortification" },
  { MU_HEX_FEATURE_FORTIFIED_BUILDING, "fortified-building" },
  { MU_HEX_FEATURE_PREPARED_DEFENCE, "prepared-defence" },
  { MU_HEX_FEATURE_BUILDINGS, "buildings" },
};

static const struct { guint bit; const char *name; } side_feature_names[] = {
  { MU_SIDE_STREAM, "stream" },
  { MU_SIDE_HEDGE, "hedge" },
  { MU_SIDE_WALL, "wall" },
  { MU_SIDE_FORTIFICATION, "fortification" },
  { MU_SIDE_FORD, "ford" },
  { MU_SIDE_BRIDGE, "bridge" },
  { MU_SIDE_BREACHED, "breached" },
};

const char *
mu_hex_feature_to_string (MuHexFeatures feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (hex_feature_names); i++)
    if (hex_feature_names[i].bit == (guint) feature)
      return hex_feature_names[i].name;
  return NULL;
}

gboolean
mu_hex_feature_from_string (const char    *name,
                            MuHexFeatures *feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (hex_feature_names); i++)
    if (g_strcmp0 (hex_feature_names[i].name, name) == 0)
      {
        *feature = hex_feature_names[i].bit;
        return TRUE;
      }
  return FALSE;
}

const char *
mu_side_feature_to_string (MuSideFeatures feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (side_feature_names); i++)
    if (side_feature_names[i].bit == (guint) feature)
      return side_feature_names[i].name;
  return NULL;
}

gboolean
mu_side_feature_from_string (const char     *name,
                             MuSideFeatures *feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (side_feature_names); i++)
    if (g_strcmp0 (side_feature_names[i].name, name) == 0)
      {
        *feature = side_feature_names[i].bit;
        return TRUE;
      }
  return FALSE;
}

char *
mu_minutes_to_string (int minutes)
{
  int m = ((minutes % (24 * 60)) + 24 * 60) % (24 * 60);

  return g_strdup_printf ("%02d:%02d", m / 60, m % 60);
}

gboolean
mu_minutes_parse (const char *text,
                  int        *minutes)
{
  int h, m;

  if (text == NULL || strlen (text) != 5 || text[2] != ':' ||
      !g_ascii_isdigit (text[0]) || !g_ascii_isdigit (text[1]) ||
      !g_ascii_isdigit (text[3]) || !g_ascii_isdigit (text[4]))
    return FALSE;
  h = (text[0] - '0') * 10 + (text[1] - '0');
  m = (text[3] - '0') * 10 + (text[4] - '0');
  if (h > 23 || m > 59)
    return FALSE;
  *minutes = h * 60 + m;
  return TRUE;
}
