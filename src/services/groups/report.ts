import { api } from '../api/client'

/** Spec 5 "Report": description at most 500, 1 to 5 png or jpeg pictures. */
export const REPORT_TEXT_MAX = 500
export const REPORT_IMAGES_MAX = 5

export interface ReportType {
  dictLabel: string
  dictValue: string
}

/** Used when the dictionary cannot be read, so a report can still be made. */
const FALLBACK_TYPES: ReportType[] = [
  { dictLabel: '色情低俗', dictValue: '1' },
  { dictLabel: '欺诈骗钱', dictValue: '2' },
  { dictLabel: '违法犯罪', dictValue: '3' },
  { dictLabel: '骚扰广告', dictValue: '4' },
  { dictLabel: '其他', dictValue: '99' },
]

/** The group report types (dictionary group_complaint_type). */
export async function groupReportTypes(): Promise<ReportType[]> {
  try {
    const list = await api.post<ReportType[]>('/dict/data/getListByDictType', { dictType: 'group_complaint_type' }, { silent: true })
    return Array.isArray(list) && list.length > 0 ? list : FALLBACK_TYPES
  } catch {
    return FALLBACK_TYPES
  }
}

export interface GroupReport {
  groupNumber: string
  complaintType: string
  complaintDetail: string
  imageUrls: string[]
}

/** Submits a report of a group (type 1); rejects when the server refused it. */
export function reportGroup(report: GroupReport): Promise<unknown> {
  return api.post(
    '/complaint/add',
    { complaintType: report.complaintType, complaintDetail: report.complaintDetail, complaintImage: report.imageUrls.join(','), targetId: report.groupNumber, type: 1 },
    { silent: true },
  )
}
