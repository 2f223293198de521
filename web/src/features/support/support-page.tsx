import { useState } from 'react';
import * as Accordion from '@radix-ui/react-accordion';
import { BookOpen, ChevronDown, Clock, Download, FileText, Mail, Phone, PhoneCall, Video } from '../../components/ui/icons';
import { SITE_NAME } from '@parts/shared/constants';
import { SITE_CONTACT } from '../../components/layout/site-contact';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { FAQS, filterFaqs } from './faqs';

const resources = [
  { icon: BookOpen, title: 'Technical Reference Guides', text: 'Installation, wiring and maintenance guides for common components.' },
  { icon: FileText, title: 'Product Specifications', text: 'Datasheets and dimensional drawings for the parts we carry.' },
  { icon: Download, title: 'Software Downloads', text: 'Configuration tools and firmware for programmable devices.' },
  { icon: Video, title: 'Video Tutorials', text: 'Step-by-step videos on selecting, fitting and servicing parts.' },
];

export default function SupportPage() {
  const [search, setSearch] = useState('');
  const faqs = filterFaqs(FAQS, search);
  useDocumentTitle(`Technical Support & Resources | ${SITE_NAME}`);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Technical Support &amp; Resources</h1>
      <p className="mt-1 text-slate-600">Answers, documentation and ways to reach our support team.</p>
      <div className="mt-6 max-w-md">
        <label htmlFor="faq-search" className="sr-only">
          Search FAQs
        </label>
        <Input id="faq-search" type="search" placeholder="Search FAQs..." value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <Tabs defaultValue="faqs" className="mt-6">
        <TabsList>
          <TabsTrigger value="faqs">FAQs</TabsTrigger>
          <TabsTrigger value="resources">Resources</TabsTrigger>
          <TabsTrigger value="contact">Contact Us</TabsTrigger>
        </TabsList>
        <TabsContent value="faqs">
          {faqs.length === 0 ? (
            <p className="text-slate-600">No FAQs matching your search criteria.</p>
          ) : (
            <Accordion.Root type="single" collapsible className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {faqs.map((faq) => (
                <Accordion.Item key={faq.id} value={faq.id}>
                  <Accordion.Header>
                    <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-600">
                      {faq.question}
                      <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="px-4 pb-4 text-slate-700">{faq.answer}</Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          )}
        </TabsContent>
        <TabsContent value="resources">
          <div className="grid gap-4 sm:grid-cols-2">
            {resources.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardHeader>
                  <Icon className="h-6 w-6 text-blue-700" aria-hidden />
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
                <CardContent>
                  {/* A placeholder with no target yet (spec). */}
                  <a className="text-sm font-medium text-blue-700" aria-disabled="true">
                    Access Resources
                  </a>
                </CardContent>
              </Card>
            ))}
          </div>
        </TabsContent>
        <TabsContent value="contact">
          <Card>
            <CardContent className="grid gap-4 pt-6 sm:grid-cols-2">
              <div className="flex gap-3">
                <Phone className="h-5 w-5 text-blue-700" aria-hidden />
                <div>
                  <h2 className="font-semibold">Support Hotline</h2>
                  <a href={`tel:${SITE_CONTACT.supportHotline.replace(/[^+\d]/g, '')}`} className="text-blue-700 hover:underline">
                    {SITE_CONTACT.supportHotline}
                  </a>
                </div>
              </div>
              <div className="flex gap-3">
                <Mail className="h-5 w-5 text-blue-700" aria-hidden />
                <div>
                  <h2 className="font-semibold">Support Email</h2>
                  <a href={`mailto:${SITE_CONTACT.supportEmail}`} className="text-blue-700 hover:underline">
                    {SITE_CONTACT.supportEmail}
                  </a>
                </div>
              </div>
              <div className="flex gap-3">
                <PhoneCall className="h-5 w-5 text-blue-700" aria-hidden />
                <div>
                  <h2 className="font-semibold">After-Hours Emergency Line</h2>
                  <a href={`tel:${SITE_CONTACT.emergencyLine.replace(/[^+\d]/g, '')}`} className="text-blue-700 hover:underline">
                    {SITE_CONTACT.emergencyLine}
                  </a>
                  <p className="text-sm text-slate-600">Additional fees may apply for after-hours support.</p>
                </div>
              </div>
              <div className="flex gap-3">
                <Clock className="h-5 w-5 text-blue-700" aria-hidden />
                <div>
                  <h2 className="font-semibold">Support Hours</h2>
                  <p>Monday-Friday 8:00 AM-5:00 PM EST</p>
                </div>
              </div>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
