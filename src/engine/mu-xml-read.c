/* mu-xml-read.c: a DOCTYPE can declare entities, and entities expand: a
 * megabyte entity used a hundred thousand times is a hundred gigabytes in
 * memory (an "entity bomb"), an external one reads another file. None of
 * Muster's files needs one, so the parser stops at the first sight of a
 * DOCTYPE, before the declarations inside it are read. */
#define G_LOG_DOMAIN "muster-engine"

#include "config.h"

#include "mu-xml-read.h"

#include <glib/gi18n.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "mu-scenario-xml-private.h"

typedef struct {
  const char *kind;
  int line;
  char *message;
  gboolean doctype;
} Reader;

static void
keep_first (Reader     *rd,
            int         line,
            char       *message)
{
  if (rd->message == NULL)
    {
      rd->line = line;
      rd->message = message;
    }
  else
    g_free (message);
}

static void
on_error (void        *data,
          xmlErrorPtr  err)
{
  Reader *rd = data;

  /* The first message says what is wrong; later ones are its echoes. */
  if (err != NULL && err->level >= XML_ERR_ERROR)
    {
      g_autofree char *msg = mu_xml_error_message (err);

      keep_first (rd, err->line, g_strdup_printf (_("not well-formed XML: %s"), msg));
    }
}

static void
on_doctype (void          *ctx,
            const xmlChar *name,
            const xmlChar *external_id,
            const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = ctx;
  Reader *rd = ctxt->_private;

  rd->doctype = TRUE;
  keep_first (rd, ctxt->input ? ctxt->input->line : 0,
              g_strdup_printf (_("DOCTYPE declarations are not allowed in %s"), rd->kind));
  xmlStopParser (ctxt);
}

static xmlParserInputPtr
no_external_entities (const char       *url,
                      const char       *id,
                      xmlParserCtxtPtr  ctxt)
{
  return NULL;
}

xmlDocPtr
mu_xml_read_plain (const char  *data,
                   gsize        length,
                   const char  *filename,
                   const char  *kind,
                   int         *line,
                   char       **message)
{
  Reader rd = { kind, 0, NULL, FALSE };
  xmlParserCtxtPtr ctxt;
  xmlExternalEntityLoader old_loader;
  xmlDocPtr doc;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (line != NULL && message != NULL, NULL);

  *line = 0;
  *message = NULL;
  if (length > G_MAXINT)
    {
      *message = g_strdup (_("the file is too large"));
      return NULL;
    }
  xmlInitParser ();
  ctxt = xmlCreateMemoryParserCtxt (data != NULL ? data : "", (int) length);
  if (ctxt == NULL)
    {
      *message = g_strdup (length == 0 ? _("the file is empty") : _("cannot set up the XML parser"));
      return NULL;
    }
  ctxt->_private = &rd;
  ctxt->sax->internalSubset = on_doctype;
  ctxt->sax->externalSubset = NULL;
  xmlCtxtUseOptions (ctxt, XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR |
                           XML_PARSE_NOWARNING);
  if (filename != NULL)
    ctxt->input->filename = (char *) xmlStrdup ((const xmlChar *) filename);
  xmlSetStructuredErrorFunc (&rd, on_error);
  old_loader = xmlGetExternalEntityLoader ();
  xmlSetExternalEntityLoader (no_external_entities);
  xmlParseDocument (ctxt);
  xmlSetExternalEntityLoader (old_loader);
  xmlSetStructuredErrorFunc (NULL, NULL);
  doc = ctxt->myDoc;
  ctxt->myDoc = NULL;
  if (rd.doctype)
    /* stopped there: the document may look whole, without its root */
    g_clear_pointer (&doc, xmlFreeDoc);
  else if (doc != NULL && (doc->intSubset != NULL || doc->extSubset != NULL))
    {
      /* not reached while on_doctype stops the parser: a second guard */
      g_clear_pointer (&rd.message, g_free);
      rd.message = g_strdup_printf (_("DOCTYPE declarations are not allowed in %s"), kind);
      rd.line = 1;
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  else if (!ctxt->wellFormed || doc == NULL)
    {
      if (rd.message == NULL)
        rd.message = g_strdup (_("not well-formed XML"));
      g_clear_pointer (&doc, xmlFreeDoc);
    }
  if (doc == NULL)
    {
      *line = rd.line;
      *message = g_steal_pointer (&rd.message);
    }
  g_free (rd.message);
  xmlFreeParserCtxt (ctxt);
  return doc;
}
