// The rules page and the error page: only their language switcher needs a script.
import { languageSwitcher } from "./i18n.js";

languageSwitcher(document.getElementById("language"));
