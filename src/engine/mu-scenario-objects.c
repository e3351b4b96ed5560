#define G_LOG_DOMAIN "muster-scenario"

#include "config.h"

#include "mu-scenario.h"

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

gboolean
mu_counter_get_flag (const MuCounter *counter,
                     const char      *field)
{
  g_return_val_if_fail (counter != NULL && field != NULL, FALSE);

  /* most counters have no values at all: the common case costs a test */
  return counter->values != NULL && g_strcmp0 (mu_values_get (counter->values, field), "true") == 0;
}

int
mu_counter_get_int (const MuCounter *counter,
                    const char      *field)
{
  const char *text;
  char *end;
  gint64 n;

  g_return_val_if_fail (counter != NULL && field != NULL, 0);

  if (counter->values == NULL || (text = mu_values_get (counter->values, field)) == NULL)
    return 0;
  n = g_ascii_strtoll (text, &end, 10);
  return *end == '\0' && end != text && n >= G_MININT && n <= G_MAXINT ? (int) n : 0;
}

void
mu_counter_set_int (MuCounter  *counter,
                    const char *field,
                    int         value)
{
  char text[16];

  g_return_if_fail (counter != NULL && field != NULL);

  g_snprintf (text, sizeof text, "%d", value);
  mu_values_set (&counter->values, field, text);
}

gboolean
mu_counter_has_word (const MuCounter *counter,
                     const char      *field,
                     const char      *word)
{
  const char *text, *p;
  gsize n;

  g_return_val_if_fail (counter != NULL && field != NULL && word != NULL, FALSE);

  if (counter->values == NULL || (text = mu_values_get (counter->values, field)) == NULL)
    return FALSE;
  n = strlen (word);
  /* words are separated by white space; no copy for a question asked in play */
  for (p = text; (p = strstr (p, word)) != NULL; p += n)
    if ((p == text || g_ascii_isspace (p[-1])) && (p[n] == '\0' || g_ascii_isspace (p[n])))
      return TRUE;
  return FALSE;
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
    c->strength = 3;
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
  g_free (c->arm_word);
  g_free (c->formation_word);
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
  c->arm_word = g_strdup (src->arm_word);
  c->formation_word = g_strdup (src->formation_word);
  c->values = mu_values_copy (src->values);
  mu_extra_copy (&c->extra, &src->extra);
  return c;
}

const char *
mu_counter_arm_word (const MuCounter *counter)
{
  g_return_val_if_fail (counter != NULL, NULL);
  return counter->arm_word ? counter->arm_word : mu_arm_to_string (counter->arm);
}

void
mu_counter_set_arm_word (MuCounter  *counter,
                         const char *word)
{
  MuArm arm;

  g_return_if_fail (counter != NULL && word != NULL);

  g_clear_pointer (&counter->arm_word, g_free);
  if (mu_arm_from_string (word, &arm))
    counter->arm = arm;
  else
    counter->arm_word = g_strdup (word);
}

const char *
mu_counter_formation_word (const MuCounter *counter)
{
  g_return_val_if_fail (counter != NULL, NULL);
  return counter->formation_word ? counter->formation_word
                                 : mu_formation_to_string (counter->place.formation);
}

void
mu_counter_set_formation_word (MuCounter  *counter,
                               const char *word)
{
  MuFormation formation;

  g_return_if_fail (counter != NULL && word != NULL);

  g_clear_pointer (&counter->formation_word, g_free);
  if (mu_formation_from_string (word, &formation))
    counter->place.formation = formation;
  else
    {
      counter->place.formation = MU_FORMATION_LINE;
      counter->formation_word = g_strdup (word);
    }
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
