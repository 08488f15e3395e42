// The rules page: only its language switcher needs a script.
import { languageSwitcher } from "./i18n.js";

languageSwitcher(document.getElementById("language"));
