/** The company record shown in the footer. Example contact details until the real ones are set. */
export const COMPANY = {
  name: 'AfyaHR',
  /** The company's website, shown in the footer of every page (the dashboards' too). */
  website: 'https://www.afyahr.example',
  emails: ['info@afyahr.example', 'support@afyahr.example'],
  phones: ['+254 700 000 000', '+254 711 000 000'],
  social: {
    facebook: 'https://www.facebook.com/afyahr.example',
    instagram: '',
    linkedin: '',
  },
} as const;

/** WhatsApp chat link from the first company phone: https://wa.me/<digits>. */
export function whatsappLink(phone: string = COMPANY.phones[0]): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}`;
}
