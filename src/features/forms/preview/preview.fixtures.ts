import type { FormDocument, OptionDraft } from "../editor/form-document";

const option = (key: string, text: string, flags: Partial<OptionDraft> = {}): OptionDraft => ({ key, text, isFreeText: false, flagged: false, ...flags });

/** A form with every question type, flagged and free-text options, and an empty section. */
export const previewForm: FormDocument = {
  code: "A",
  description: "Deschiderea secției",
  diaspora: false,
  sections: [
    {
      key: "s1",
      id: 1,
      code: "A1",
      description: "Sosirea",
      questions: [
        { key: "q1", id: 1, code: "A1.1", text: "Ați putut intra?", questionType: 1, options: [option("q1o1", "Da"), option("q1o2", "Nu", { flagged: true })] },
        {
          key: "q2",
          id: 2,
          code: "A1.2",
          text: "Ce lipsea?",
          questionType: 3,
          options: [option("q2o1", "Nimic"), option("q2o2", "Urne", { flagged: true }), option("q2o3", "Altceva", { isFreeText: true })],
        },
      ],
    },
    {
      key: "s2",
      id: 2,
      code: "A2",
      description: "Votarea",
      questions: [
        { key: "q3", id: 3, code: "A2.1", text: "Cine a votat?", questionType: 0, options: [option("q3o1", "Bărbați"), option("q3o2", "Femei")] },
        { key: "q4", id: 4, code: "A2.2", text: "Totul corect?", questionType: 4, options: [option("q4o1", "Da"), option("q4o2", "Altfel", { isFreeText: true, flagged: true })] },
      ],
    },
    { key: "s3", code: "A3", description: "Închiderea", questions: [] },
  ],
};
