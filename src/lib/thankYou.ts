/** Where each lead form lands: /thank-you, told which form was sent so it thanks for the right thing. */
import { routes } from "../config/routes";
import type { ThankYouForm } from "../schemas/conversion";

/** `/thank-you?form=<form>`: the `_next` of a form (and where the growth form goes on success). */
export function thankYouPath(form: ThankYouForm): string {
  return `${routes.thankYou}?form=${form}`;
}
