#define G_LOG_DOMAIN "muster-scenario"

#include "config.h"

#include "mu-scenario.h"

#include "mu-ruleset.h"

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

gsize
mu_scenario_text_length (const char *text)
{
  gsize n = 0;

  if (text == NULL)
    return 0;
  for (const char *p = text; *p && n <= MU_SCENARIO_MAX_TEXT; p++)
    switch (*p)
      {
      case '&': n += 5; break;                     /* &amp; */
      case '<': case '>': n += 4; break;           /* &lt; &gt; */
      case '"': n += 6; break;                     /* &quot; */
      case '\n': case '\r': case '\t': n += 5; break; /* &#10; in attributes */
      default: n++; break;
      }
  return n;
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
  const MuFieldInfo *number;

  g_return_val_if_fail (scenario != NULL, NULL);

  /* the number the ruleset declares for command counters; a ruleset
   * that numbers none has no command of any number */
  number = mu_ruleset_numbered_field (scenario->ruleset ? mu_ruleset_find (scenario->ruleset) : NULL,
                                      MU_COUNTER_COMMAND);
  if (number == NULL)
    return NULL;
  for (guint i = 0; i < scenario->counters->len; i++)
    {
      MuCounter *c = g_ptr_array_index (scenario->counters, i);

      if (c->kind == MU_COUNTER_COMMAND && mu_counter_get_int (c, number->id) == division &&
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
