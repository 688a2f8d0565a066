/**
 * The one script every page runs, inlined into the HTML (integrations/inlineScript.ts): the
 * header's keyboard and ARIA enhancements, and lead attribution for native forms.
 */
import "./nav";
import "./attribution";
